import { defineConfig } from 'vitest/config';

// Timeouts catch hangs, not slowness: the suite shares two cores with the other workspaces' suites.
export default defineConfig({
  test: {
    testTimeout: 30_000,
  },
});
