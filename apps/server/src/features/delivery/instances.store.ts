import type { GameServer } from '@console/domain/runtime';
import type { Db } from '../../db/client.ts';

/**
 * Records a game server's report: a changed revision restarts `applied`, the same one keeps it.
 * Times are the database's, like every other process's reports. True when the instance is new here.
 */
export async function upsertRuntimeInstance(
  db: Db,
  report: { environmentId: string; instance: string; revision: number; address: string },
): Promise<boolean> {
  const { environmentId, instance, revision, address } = report;
  const rows = await db.$queryRaw<{ isNew: boolean }[]>`
    INSERT INTO "runtime_instance" ("environment_id", "instance", "revision", "applied", "reported", "address")
    VALUES (${environmentId}, ${instance}, ${revision}, now(), now(), ${address})
    ON CONFLICT ("environment_id", "instance") DO UPDATE SET
      "applied" = CASE WHEN "runtime_instance"."revision" = EXCLUDED."revision"
                       THEN "runtime_instance"."applied" ELSE EXCLUDED."applied" END,
      "revision" = EXCLUDED."revision",
      "reported" = EXCLUDED."reported",
      "address" = EXCLUDED."address"
    RETURNING (xmax = 0) AS "isNew"`;
  return rows[0]?.isNew ?? false;
}

/** Forgets the environment's instances silent for `retentionMs`, and all but the `keep` latest reporting. */
export async function pruneRuntimeInstances(
  db: Db,
  environmentId: string,
  { retentionMs, keep }: { retentionMs: number; keep: number },
): Promise<void> {
  await db.$executeRaw`
    DELETE FROM "runtime_instance"
     WHERE "environment_id" = ${environmentId}
       AND ("reported" < now() - make_interval(secs => ${retentionMs / 1000})
            OR "instance" IN (SELECT "instance" FROM "runtime_instance"
                               WHERE "environment_id" = ${environmentId}
                               ORDER BY "reported" DESC, "instance" OFFSET ${keep}))`;
}

interface InstanceRow {
  instance: string;
  revision: number;
  applied: Date;
  reported: Date;
  address: string;
}

/** The environment's instances that reported within `retentionMs`, latest report first, and the database's now. */
export async function listRuntimeInstances(
  db: Db,
  environmentId: string,
  { retentionMs, limit }: { retentionMs: number; limit: number },
): Promise<{ instances: GameServer[]; now: number }> {
  const [rows, clock] = await Promise.all([
    db.$queryRaw<InstanceRow[]>`
      SELECT "instance", "revision", "applied", "reported", "address" FROM "runtime_instance"
       WHERE "environment_id" = ${environmentId}
         AND "reported" >= now() - make_interval(secs => ${retentionMs / 1000})
       ORDER BY "reported" DESC, "instance" LIMIT ${limit}`,
    db.$queryRaw<{ now: Date }[]>`SELECT now() AS "now"`,
  ]);
  return {
    instances: rows.map((row) => ({
      instance: row.instance,
      revision: row.revision,
      applied: row.applied.getTime(),
      reported: row.reported.getTime(),
      address: row.address,
    })),
    now: clock[0]?.now.getTime() ?? Date.now(),
  };
}

/** The environment's latest published revision number, or null before the first. */
export async function findLatestRevisionNumber(db: Db, environmentId: string): Promise<number | null> {
  const { _max } = await db.runtimeRevision.aggregate({ where: { environmentId }, _max: { revision: true } });
  return _max.revision;
}

/** How many game servers reported each applied revision within `retentionMs`, over every environment. */
export async function countRuntimeInstancesByRevision(
  db: Db,
  retentionMs: number,
): Promise<{ environmentId: string; revision: number; count: number }[]> {
  const rows = await db.$queryRaw<{ environmentId: string; revision: number; count: bigint }[]>`
    SELECT "environment_id" AS "environmentId", "revision", count(*) AS "count" FROM "runtime_instance"
     WHERE "reported" >= now() - make_interval(secs => ${retentionMs / 1000})
     GROUP BY "environment_id", "revision"`;
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
