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
    // A real server, database and browser per file: generous timeouts (caps against a hang). Two files at a
    // time: a browser test spends most of its time waiting (for the page's transitions, debounces and
    // answers: four files used 72 s of CPU in 245 s when run one at a time), so two at once share the
    // cores with little contention; each file's console, database and Chromium are its own.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    // Each worker runs its files one after another and imports the server (Fastify, Prisma's client, the
    // domain) once instead of once per file. Nothing of one file reaches the next: each starts its own
    // console on its own database and its own Chromium, and closes them; the server's module-level values
    // are memos of pure functions and the unit of work's steps, which every app sets alike.
    isolate: false,
  },
});
