import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { createDb, type Db } from './client.ts';
import { runInTransaction } from './transaction.ts';
import { isDatabaseUnavailableError } from './unavailable.ts';

// The database's limits (db/pool.ts) end a wait with an error: each such error, as PostgreSQL,
// pg and Prisma really raise it, counts as "the database cannot serve now" (503, try again), not as a
// defect (500).

const caught = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
};

describe('errors of a database too slow to answer', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp();
    db = createDb(t.servingUrl, {
      limits: { connectTimeoutMs: 1_000, statementTimeoutMs: 1_000, transactionTimeoutMs: 1_000 },
    });
  });
  afterAll(() => db.$disconnect());

  it('a statement cancelled by statement_timeout (57014)', async () => {
    const error = await caught(() => db.$queryRaw`SELECT pg_sleep(3)`);
    expect(String(error)).toMatch(/statement timeout/);
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it('a transaction that ran out of time (Prisma P2028)', async () => {
    const error = await caught(() =>
      runInTransaction(db, async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await tx.$queryRaw`SELECT 1`;
      }),
    );
    expect((error as { code?: string }).code).toBe('P2028');
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it('but a stall of this process longer than the limits is not taken for a silent database', async () => {
    const stall = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // busy, as a long garbage collection is
      }
    };
    // Opening a connection (this client has none yet, and the handshake takes several round trips)
    // while the process is busy most of the time, more than the connect limit of wall-clock time.
    const fresh = createDb(t.servingUrl, {
      limits: { connectTimeoutMs: 1_000, statementTimeoutMs: 1_000, transactionTimeoutMs: 1_000 },
    });
    try {
      const opening = fresh.$queryRaw<{ one: number }[]>`SELECT 1 AS one`.then((rows) => rows);
      let isSettled = false;
      void opening
        .finally(() => {
          isSettled = true;
        })
        .catch(() => {});
      for (let turn = 0; turn < 40 && !isSettled; turn += 1) {
        stall(300);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await opening).toEqual([{ one: 1 }]);
      // An answer that arrives during a stall longer than the answer limit (statement + 1 s).
      const answering = fresh.$queryRaw<{ done: string }[]>`SELECT pg_sleep(0.3)::text AS done`.then(
        (rows) => rows,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      stall(3_000);
      expect(await answering).toEqual([{ done: '' }]);
    } finally {
      await fresh.$disconnect();
    }
  });

  it('but not a defect: a constraint violation or a syntax error', async () => {
    expect(isDatabaseUnavailableError(await caught(() => db.$queryRaw`SELEC 1`))).toBe(false);
    const duplicate = await caught(() =>
      db.environment.create({ data: { id: 'dev', description: 'again' } }),
    );
    expect(isDatabaseUnavailableError(duplicate)).toBe(false);
  });
});
