import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Property tests (fast-check, hundreds of runs) are CPU-bound: beside the other suites on a busy
    // two-core machine two took over 30 s (a few seconds alone). The timeout catches a hang, not slowness
    // (benchmarks measure that).
    testTimeout: 120_000,
    // Pure functions with no module state: the test files of a worker share one module graph instead of
    // importing zod and the domain again per file (a quarter of the suite's time with isolation).
    isolate: false,
  },
});
