import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // Closes, after each file, what its hooks opened through closeAfterUse (apps, databases, proxies).
    setupFiles: ['src/testing/close-after-file.ts'],
    // Caps against a hang, not budgets: race tests of many calls took over 30 s on the shared 2-core
    // machine under load.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for an event (a revision served, a connection listed); its cap only guards
    // against a hang, and vitest's default of 1 s is a wall-clock budget on a busy 2-core machine.
    expect: { poll: { timeout: 20_000 } },
  },
});
