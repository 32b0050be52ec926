import { defineConfig } from 'vitest/config';
import { slowFilesFirst } from './src/testing/slow-files-first.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One PostgreSQL with a migrated template to clone, and the server's bundle for the tests that start it as a
    // process.
    globalSetup: ['src/testing/global-setup.ts', 'src/testing/server-bundle-setup.ts'],
    // Closes, after each file, what its hooks opened through closeAfterUse (apps, databases, proxies).
    setupFiles: ['src/testing/close-after-file.ts'],
    // Each worker imports the server (Fastify, Prisma's client, the domain, the app) once for all the files
    // it runs, instead of once per file. Nothing of one file reaches the next: every app a file builds is
    // closed and its database dropped after the test or the file that made it (close-after-use.ts), and
    // a start refused half-way closes what it opened (app.ts), so no heartbeat, periodic check or LISTEN
    // connection of an earlier file runs on and sends statements into a later file's query count; spies
    // are restored after the test or file that set them. The server's module-level values are memos of
    // pure functions (resolution JSON, encodings), the patient clock's shared ticker, a counter of
    // test-data positions that stays unique (the unit of work's steps are each app instance's own).
    isolate: false,
    // Two files at a time (vitest's default here is one: cores minus one): a server test spends much of
    // its time waiting for PostgreSQL, whose processes work beside the worker; each file has its own
    // database.
    maxWorkers: 2,
    // The files measured to take longest start first, so that the run does not end with one of them on
    // one worker while the other idles (vitest starts the largest files first when it has no timings,
    // and these are mostly short files).
    sequence: {
      sequencer: slowFilesFirst([
        'src/features/config/config.routes.test.ts',
        'src/features/abtest/abtest-activation-crash.test.ts',
        'test/api-fuzz.test.ts',
        'test/api-fuzz-configurations-second.test.ts',
        'src/features/transfer/transfer-closure.routes.test.ts',
        'test/postgres-killed.test.ts',
        'test/change-request-processes.test.ts',
        'test/embedded-database.test.ts',
        'test/api-fuzz-configurations-first.test.ts',
        'src/features/change-request/change-request.routes.test.ts',
        'test/openapi-document.test.ts',
        'test/authorisation-matrix.test.ts',
        'src/features/auth/sessions.routes.test.ts',
        'src/features/auth/auth.routes.test.ts',
        'test/npm-start.test.ts',
      ]),
    },
    // A young generation of 64 MB per worker instead of V8's 16 MB: the generated fuzzing parses
    // thousands of bodies of up to 1 MB whose parsed trees outlive a small young generation and were
    // copied out of it again and again (a third of the fuzzing's CPU was the garbage collector). Only how
    // memory is collected changes, not what any test runs.
    execArgv: ['--max-semi-space-size=64'],
    // Caps against a hang, not budgets: race tests of many calls took over 30 s on the shared 2-core
    // machine under load.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for an event (a revision served, a connection listed); its cap only guards
    // against a hang, and vitest's default of 1 s is a wall-clock budget on a busy 2-core machine.
    expect: { poll: { timeout: 20_000 } },
  },
});
