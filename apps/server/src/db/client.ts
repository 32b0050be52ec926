import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import { createPool } from './pool.ts';

export type Db = PrismaClient;
/** The client inside a transaction (`runInTransaction` in db/transaction.ts). Stores accept either. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/** Prisma over the project's pool (db/pool.ts: how long a call waits for the database). */
export function createDb(databaseUrl: string, options: { poolSize?: number } = {}): Db {
  const adapter = new PrismaPg(createPool(databaseUrl, options.poolSize ?? 10), {
    disposeExternalPool: true,
  });
  return new PrismaClient({ adapter });
}
