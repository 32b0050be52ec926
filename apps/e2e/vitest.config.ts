import { fileURLToPath } from 'node:url';
// The console's test database set-up, and its typing of inject('adminUrl' | 'templateDatabase' | ...).
import type {} from '@console/server/testing/global-setup';
import { defineConfig } from 'vitest/config';
// A relative path: the config is bundled when loaded, so it can import TypeScript from the server's tests.
import { slowFilesFirst } from '../server/src/testing/slow-files-first.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    environment: 'node',
    // One PostgreSQL and one migrated template for the run; each file's console clones its own database.
    globalSetup: [fileURLToPath(import.meta.resolve('@console/server/testing/global-setup'))],
    // A real server, database and browser context per file. The timeouts are caps against a hang, not budgets:
    // two files at a time beside the other suites on a 2-core machine make a step or a test several times
    // slower than alone.
    testTimeout: 120_000,
    // One more try for a browser test that failed: a run of a few hundred Chromium steps beside the other
    // suites on two cores met a rare stall (a list that had its row on screen, by its screenshot, unseen by
    // the wait). A test that fails twice still fails the run, and vitest's report names every retried test.
    retry: 1,
    hookTimeout: 180_000,
    // expect.poll waits for an event (a switch checked, a socket closed); its cap only guards against a
    // hang: vitest's default of 1 s is a wall-clock budget, which a loaded 2-core machine overran.
    expect: { poll: { timeout: 30_000 } },
    // Two files at a time, each with its own console, database and browser context: one file alone leaves a
    // core idle while it waits on its page, its server or PostgreSQL (one worker took 843 s, two 471 s).
    maxWorkers: 2,
    // The files measured to take longest start first (without vitest's timings, in a fresh clone, it starts
    // the largest first, and the accessibility, shell and keyboard files started eighth to tenth).
    sequence: {
      sequencer: slowFilesFirst([
        'tests/config.e2e.test.ts',
        'tests/accessibility.e2e.test.ts',
        'tests/operations.e2e.test.ts',
        'tests/shell.e2e.test.ts',
        'tests/keyboard.e2e.test.ts',
        'tests/abtest.e2e.test.ts',
        'tests/transfer-connections.e2e.test.ts',
        'tests/layout.e2e.test.ts',
      ]),
    },
    // Each worker runs its files one after another and imports the server (Fastify, Prisma's client, the
    // domain) and starts Chromium once instead of once per file. Nothing of one file reaches the next: each
    // starts its own console on its own database and its own browser context, and closes them; the server's
    // module-level values are memos of pure functions and the unit of work's steps, which every app sets alike.
    isolate: false,
  },
});
