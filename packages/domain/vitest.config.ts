import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Property tests (fast-check, hundreds of runs) are CPU-bound: beside the server's and web's suites on
    // two cores, one took over vitest's default 5 s. Timeouts catch hangs, not slowness (benchmarks do).
    testTimeout: 30_000,
    // Pure functions with no module state: the test files of a worker share one module graph instead of
    // importing zod and the domain again per file (a quarter of the suite's time with isolation).
    isolate: false,
  },
});
