import type { Db } from '../../db/client.ts';

/** One round trip to PostgreSQL: throws when the database cannot be reached. */
export async function checkDatabase(db: Db): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}
