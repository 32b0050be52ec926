import type { RuntimeKey } from '@console/domain/operations';
import type { Db, Tx } from '../../db/client.ts';

interface RuntimeKeyRow {
  id: string;
  name: string;
  created: Date;
  createdBy: string;
  revoked: Date | null;
}

const select = { id: true, name: true, created: true, createdBy: true, revoked: true } as const;

const toRuntimeKey = (row: RuntimeKeyRow): RuntimeKey => ({
  id: row.id,
  name: row.name,
  created: row.created.getTime(),
  createdBy: row.createdBy,
  revoked: row.revoked ? row.revoked.getTime() : null,
});

export async function insertRuntimeKey(
  tx: Tx,
  key: { id: string; environmentId: string; name: string; hash: string; createdBy: string },
): Promise<RuntimeKey> {
  return toRuntimeKey(await tx.runtimeKey.create({ data: key, select }));
}

export async function listRuntimeKeys(db: Db | Tx, environmentId: string): Promise<RuntimeKey[]> {
  const rows = await db.runtimeKey.findMany({
    where: { environmentId },
    select,
    orderBy: [{ created: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toRuntimeKey);
}

export async function findRuntimeKey(db: Db | Tx, environmentId: string, id: string) {
  const row = await db.runtimeKey.findFirst({ where: { id, environmentId }, select });
  return row ? toRuntimeKey(row) : null;
}

/** The names of the environment's runtime keys that are not revoked: what archiving it stops. */
export async function listServingKeyNames(db: Db | Tx, environmentId: string): Promise<string[]> {
  const rows = await db.runtimeKey.findMany({
    where: { environmentId, revoked: null },
    select: { name: true },
    orderBy: [{ created: 'asc' }, { id: 'asc' }],
  });
  return rows.map((row) => row.name);
}

/** Revokes the key unless it is already revoked; true when this call revoked it (race-safe). */
export async function markRuntimeKeyRevoked(tx: Tx, environmentId: string, id: string): Promise<boolean> {
  const { count } = await tx.runtimeKey.updateMany({
    where: { id, environmentId, revoked: null },
    data: { revoked: new Date() },
  });
  return count === 1;
}

/** What the runtime API's key cache holds of a key (features/delivery): never the key itself. */
export interface RuntimeKeyCredential {
  id: string;
  environmentId: string;
  hash: string;
  isRevoked: boolean;
  /** Its environment is archived: refused until the environment is restored. */
  isEnvironmentArchived: boolean;
}

// One statement each, the key with its environment's archive mark: the key cache asks the database
// once per unknown key.

/** Every key of every environment, revoked ones included: the key cache's start and catch-up. */
export async function listRuntimeKeyCredentials(db: Db): Promise<RuntimeKeyCredential[]> {
  return db.$queryRaw<RuntimeKeyCredential[]>`
    SELECT k."id", k."environment_id" AS "environmentId", k."hash", k."revoked" IS NOT NULL AS "isRevoked",
           e."archived" IS NOT NULL AS "isEnvironmentArchived"
    FROM "runtime_key" k JOIN "environment" e ON e."id" = k."environment_id"`;
}

/** The key with this hash in any environment, revoked or not. */
export async function findRuntimeKeyCredential(db: Db, hash: string): Promise<RuntimeKeyCredential | null> {
  const rows = await db.$queryRaw<RuntimeKeyCredential[]>`
    SELECT k."id", k."environment_id" AS "environmentId", k."hash", k."revoked" IS NOT NULL AS "isRevoked",
           e."archived" IS NOT NULL AS "isEnvironmentArchived"
    FROM "runtime_key" k JOIN "environment" e ON e."id" = k."environment_id"
    WHERE k."hash" = ${hash}`;
  return rows[0] ?? null;
}

/** The channel on which a revocation reaches every console process (delivered at commit). */
/**
 * Which of these keys are revoked, or refused while their environment is archived: the live connections
 * opened with them are closed and no longer listed.
 */
export async function findRevokedKeyIds(db: Db, keyIds: readonly string[]): Promise<string[]> {
  if (keyIds.length === 0) return [];
  const rows = await db.runtimeKey.findMany({
    where: {
      id: { in: [...keyIds] },
      OR: [{ revoked: { not: null } }, { environment: { archived: { not: null } } }],
    },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

export const RUNTIME_KEY_CHANNEL = 'runtime_key';

export async function notifyRuntimeKeyRevoked(tx: Tx, id: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${RUNTIME_KEY_CHANNEL}, ${JSON.stringify({ keyId: id })})`;
}
