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

  it('but not a defect: a constraint violation or a syntax error', async () => {
    expect(isDatabaseUnavailableError(await caught(() => db.$queryRaw`SELEC 1`))).toBe(false);
    const duplicate = await caught(() =>
      db.environment.create({ data: { id: 'dev', description: 'again' } }),
    );
    expect(isDatabaseUnavailableError(duplicate)).toBe(false);
  });
});
