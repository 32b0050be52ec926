import { defineConfig } from 'vitest/config';

// Property tests (fast-check, hundreds of runs) are CPU-bound: beside the server's and web's suites on
// two cores, one took over vitest's default 5 s. Timeouts catch hangs, not slowness (benchmarks do).
export default defineConfig({
  test: {
    testTimeout: 30_000,
  },
});
