import { fileURLToPath } from 'node:url';
// The console's test database set-up, and its typing of inject('adminUrl' | 'templateDatabase' | ...).
import type {} from '@console/server/testing/global-setup';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: [fileURLToPath(import.meta.resolve('@console/server/testing/global-setup'))],
    // One module graph per worker: the console under test (Fastify, Prisma's client, the domain) is
    // imported once, not once per file. Every file closes the consoles, proxies and game-server clients
    // it started in its own afterAll, and the SDK keeps no module-level state between clients.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits for an event; its cap only guards against a hang (vitest's default 1 s is a
    // wall-clock budget on a busy 2-core machine).
    expect: { poll: { timeout: 20_000 } },
  },
});
