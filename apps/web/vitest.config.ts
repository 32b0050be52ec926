import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Full-app tests drive MUI through jsdom; the machine is small and shared. A cap against a hang,
    // above the 15 s that findBy/waitFor wait (src/test/setup.ts).
    testTimeout: 60_000,
  },
});
