import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.ts';

export type Db = PrismaClient;
/** The client inside a transaction (`runInTransaction` in db/transaction.ts). Stores accept either. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/**
 * How long a query waits for a pooled connection, opening one included. pg-pool counts both against
 * this one limit, so it also ends the wait for a free connection when the pool is busy. Issue 14: with
 * the database down, a call answers 503 within 2 s instead of waiting for Prisma's transaction limits
 * (10 s to start, 15 s to run); a healthy database connects in milliseconds and a busy pool frees a
 * connection in milliseconds, so a second is far above what a working system needs.
 */
export const DB_CONNECT_TIMEOUT_MS = 1_000;

export function createDb(databaseUrl: string, options: { poolSize?: number } = {}): Db {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    // TCP keepalive finds idle pooled connections to a host that vanished, so they are dropped
    // instead of being handed to the next query.
    keepAlive: true,
  });
  return new PrismaClient({ adapter });
}
