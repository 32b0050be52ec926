import { fileURLToPath } from 'node:url';
// The console's test database set-up, and its typing of inject('adminUrl' | 'templateDatabase' | ...).
import type {} from '@console/server/testing/global-setup';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    environment: 'node',
    // One PostgreSQL and one migrated template for the run; each file's console clones its own database.
    globalSetup: [fileURLToPath(import.meta.resolve('@console/server/testing/global-setup'))],
    // A real server, database and browser per file: generous timeouts, one file at a time (2-core machines).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
    // The files run one after another in one worker, which imports the server (Fastify, Prisma's client,
    // the domain) once instead of once per file. Nothing of one file reaches the next: each starts its
    // own console on its own database and its own Chromium, and closes them; the server's module-level
    // values are memos of pure functions and the unit of work's steps, which every app sets alike.
    isolate: false,
  },
});
