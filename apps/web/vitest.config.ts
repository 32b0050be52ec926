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
    // One module graph and one jsdom window per worker instead of per test file: React, MUI and the app
    // are imported and transformed once, not 53 times. Safe because no state outlives a test: every test
    // renders its own QueryClient and router (src/test/renderApp.tsx), fetch is stubbed per test and
    // unstubbed after it (unstubGlobals), and src/test/setup.ts (run again before each file) unmounts,
    // restores real timers, clears localStorage, resets the URL, removes emotion's styles and is the only
    // place that configures Testing Library. The app's module-level state is the lazily loaded page
    // chunks (loaded is loaded) and the API event listeners, which unsubscribe on unmount.
    isolate: false,
    // Child processes, not threads: a test sets process.env.TZ to check the operator's own time, which a
    // worker thread does not apply. One worker (vitest's default on two cores): the whole suite on two
    // workers took 9% more CPU (208 s against 191 s: each worker imports the app and starts jsdom) and no
    // less wall time (490 s against 489 s) on a machine already loaded 8-16, although the files kept both
    // workers busy (431 of 447 s) with no long tail: the cores were already taken. In CI the browser
    // tests and their two workers run beside this suite.
    pool: 'forks',
    maxWorkers: 1,
    // Full-app tests drive MUI through jsdom; the machine is small and shared. A cap against a hang,
    // above the 15 s that findBy/waitFor wait (src/test/setup.ts).
    testTimeout: 60_000,
  },
});
