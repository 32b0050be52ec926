import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { createPool, type DatabaseLimits, DEFAULT_DATABASE_LIMITS } from './pool.ts';

export type Db = PrismaClient;
/** The client inside a transaction (`runInTransaction` in db/transaction.ts). Stores accept either. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

const limitsOfDb = new WeakMap<Db, DatabaseLimits>();
const pools = new WeakMap<Db, pg.Pool>();

/** Prisma over the project's pool (db/pool.ts: how long a call waits for the database). */
export function createDb(
  databaseUrl: string,
  options: { poolSize?: number; limits?: DatabaseLimits } = {},
): Db {
  const limits = options.limits ?? DEFAULT_DATABASE_LIMITS;
  const pool = createPool(databaseUrl, options.poolSize ?? 10, limits);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  limitsOfDb.set(db, limits);
  pools.set(db, pool);
  return db;
}

/** The connection pool under a client made by createDb (its counts are reported as metrics). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/** The limits a client was created with (the defaults for one created elsewhere). */
export const databaseLimitsOf = (db: Db): DatabaseLimits => limitsOfDb.get(db) ?? DEFAULT_DATABASE_LIMITS;
