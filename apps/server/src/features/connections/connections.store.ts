import type { Connection } from '@console/domain/operations';
import type { Db, Tx } from '../../db/client.ts';

// The live connection registry shared by every console process on this database (scale out).
// Times are the database's (now(), clock_timestamp()), so processes on different hosts agree on ages.

/** The channel on which a process asks the owner of a connection (or of a key's connections) to close it. */
export const CONNECTION_CLOSE_CHANNEL = 'runtime_connection_close';
/** Advisory lock namespace (two-key form) serialising connects per runtime key, for the per-key cap. */
const KEY_LOCK_NAMESPACE = 13_002;

const seconds = (ms: number) => ms / 1000;

export async function upsertProcess(
  db: Db,
  process: { id: string; host: string; pid: number },
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "runtime_process" ("id", "host", "pid") VALUES (${process.id}, ${process.host}, ${process.pid})
    ON CONFLICT ("id") DO UPDATE SET "heartbeat" = now()`;
}

/** Refreshes the process's heartbeat; false when its row is gone (cleaned up as dead while unreachable). */
export async function touchProcess(db: Db, id: string): Promise<boolean> {
  return (await db.$executeRaw`UPDATE "runtime_process" SET "heartbeat" = now() WHERE "id" = ${id}`) === 1;
}

/** Removes a process and, by cascade, its connections. */
export async function deleteProcess(db: Db, id: string): Promise<void> {
  await db.$executeRaw`DELETE FROM "runtime_process" WHERE "id" = ${id}`;
}

export async function deleteDeadProcesses(db: Db, deadMs: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "runtime_process" WHERE "heartbeat" < now() - make_interval(secs => ${seconds(deadMs)})`;
}

/** Waits for the other connects of this key to finish (until the transaction ends). */
export async function lockKeyConnects(tx: Tx, keyId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${KEY_LOCK_NAMESPACE}::int, hashtext(${keyId}))`;
}

/** Server processes whose heartbeat is recent: the console's processes on this database. */
export async function countLiveProcesses(db: Db, staleMs: number): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM "runtime_process"
     WHERE "heartbeat" > now() - make_interval(secs => ${seconds(staleMs)})`;
  return rows[0]?.count ?? 0;
}

export async function countLiveConnectionsOfKey(tx: Tx, keyId: string, staleMs: number): Promise<number> {
  const rows = await tx.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM "runtime_connection" c
      JOIN "runtime_process" p ON p."id" = c."process_id"
     WHERE c."key_id" = ${keyId} AND p."heartbeat" > now() - make_interval(secs => ${seconds(staleMs)})`;
  return rows[0]?.count ?? 0;
}

export interface ConnectionRow {
  id: string;
  processId: string;
  environmentId: string;
  keyId: string;
  principal: string;
  address: string;
  /** UTC ms; absent means the database's clock now */
  connected?: number;
}

export async function insertConnections(db: Db | Tx, rows: readonly ConnectionRow[]): Promise<void> {
  for (const row of rows) {
    const connected = row.connected === undefined ? null : new Date(row.connected);
    await db.$executeRaw`
      INSERT INTO "runtime_connection"
             ("id", "process_id", "environment_id", "key_id", "principal", "address", "connected")
      VALUES (${row.id}, ${row.processId}, ${row.environmentId}, ${row.keyId}, ${row.principal}, ${row.address},
              COALESCE(${connected}::timestamptz, clock_timestamp()))
      ON CONFLICT ("id") DO NOTHING`;
  }
}

/** Removes a connection's row; true when this call removed it. */
export async function deleteConnection(db: Db | Tx, id: string): Promise<boolean> {
  return (await db.$executeRaw`DELETE FROM "runtime_connection" WHERE "id" = ${id}`) === 1;
}

/** A live connection with the runtime key it authenticated with. */
export type KeyedConnection = Connection & { keyId: string };

/** The environment's connections held by live processes, oldest first. */
export async function listLiveConnections(
  db: Db,
  environmentId: string,
  staleMs: number,
): Promise<KeyedConnection[]> {
  return db.$queryRaw<KeyedConnection[]>`
    SELECT c."id", c."principal", c."address", c."key_id" AS "keyId" FROM "runtime_connection" c
      JOIN "runtime_process" p ON p."id" = c."process_id"
     WHERE c."environment_id" = ${environmentId}
       AND p."heartbeat" > now() - make_interval(secs => ${seconds(staleMs)})
     ORDER BY c."connected", c."id"`;
}

export async function findLiveConnection(
  db: Db,
  environmentId: string,
  id: string,
  staleMs: number,
): Promise<(KeyedConnection & { processId: string }) | null> {
  const rows = await db.$queryRaw<(KeyedConnection & { processId: string })[]>`
    SELECT c."id", c."principal", c."address", c."key_id" AS "keyId", c."process_id" AS "processId"
      FROM "runtime_connection" c
      JOIN "runtime_process" p ON p."id" = c."process_id"
     WHERE c."id" = ${id} AND c."environment_id" = ${environmentId}
       AND p."heartbeat" > now() - make_interval(secs => ${seconds(staleMs)})`;
  return rows[0] ?? null;
}

export async function listConnectionIdsOfProcess(db: Db, processId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "runtime_connection" WHERE "process_id" = ${processId}`;
  return rows.map((row) => row.id);
}

/** Delivered to every process when the sending transaction commits (or at once outside one). */
export async function notifyConnectionClose(db: Db | Tx, message: object): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${CONNECTION_CLOSE_CHANNEL}, ${JSON.stringify(message)})`;
}
