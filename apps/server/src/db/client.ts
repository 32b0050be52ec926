import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { createPool } from './pool.ts';

export type Db = PrismaClient;
/** The client inside a transaction (`runInTransaction` in db/transaction.ts). Stores accept either. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

const pools = new WeakMap<Db, pg.Pool>();

/** Prisma over the project's pool (db/pool.ts: how long a call waits for the database). */
export function createDb(databaseUrl: string, options: { poolSize?: number } = {}): Db {
  const pool = createPool(databaseUrl, options.poolSize ?? 10);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(db, pool);
  return db;
}

/** The connection pool under a client made by createDb (its counts are reported as metrics). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}
