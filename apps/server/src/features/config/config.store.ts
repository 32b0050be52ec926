import type { ListPage } from '@console/domain/api';
import {
  type ActivationSettings,
  activationSettingsSchema,
  type ConfigData,
  type ConfigItem,
  configDataSchema,
} from '@console/domain/config';
import type { ScheduleConfiguration } from '@console/domain/schedule';
import type { Db, Tx } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { Prisma } from '../../generated/prisma/client.ts';

// The only file of the configurations feature that talks to Prisma; everything it returns is domain-shaped.

export interface ConfigKey {
  environmentId: string;
  id: string;
}

/** What the lists show of a configuration (no activation or data: lists stay cheap). */
export interface ConfigSummary {
  id: string;
  kind: string;
  description: string;
  active: boolean;
  created: number;
  modified: number;
  lastModifier: string;
}

type ConfigRow = Prisma.ConfigurationGetPayload<object>;

/** A stored configuration: its kind and the item the API answers. */
export interface StoredConfig {
  kind: string;
  item: ConfigItem;
}

function toStored(row: ConfigRow): StoredConfig {
  const what = `configuration '${row.id}'`;
  const item: ConfigItem = {
    id: row.id,
    description: row.description,
    activation: parseJsonColumn(activationSettingsSchema, row.activation, `activation of ${what}`),
    active: row.active,
    created: row.created.getTime(),
    modified: row.modified.getTime(),
    lastModifier: row.lastModifier,
    data: parseJsonColumn(configDataSchema, row.data, `data of ${what}`),
  };
  return { kind: row.kind, item };
}

/** One configuration of any kind with its kind, or null. */
export async function findConfig(db: Db | Tx, key: ConfigKey): Promise<StoredConfig | null> {
  const row = await db.configuration.findUnique({
    where: { environmentId_id: { environmentId: key.environmentId, id: key.id } },
  });
  return row ? toStored(row) : null;
}

/** Every configuration of the environment with its activation and data, by id (transfer). */
export async function listStoredConfigs(db: Db | Tx, environmentId: string): Promise<StoredConfig[]> {
  const rows = await db.configuration.findMany({ where: { environmentId }, orderBy: { id: 'asc' } });
  return rows.map(toStored);
}

export async function configExists(db: Db | Tx, key: ConfigKey): Promise<boolean> {
  return (await db.configuration.count({ where: { environmentId: key.environmentId, id: key.id } })) > 0;
}

/**
 * Locks the configuration row until the transaction ends (SELECT ... FOR UPDATE), so saves,
 * reassignments and deletion of one configuration happen one at a time. Answers its kind, null
 * when it does not exist.
 */
export async function lockConfig(tx: Tx, key: ConfigKey): Promise<{ kind: string } | null> {
  const rows = await tx.$queryRaw<{ kind: string }[]>`
    SELECT "kind" FROM "configuration"
     WHERE "environment_id" = ${key.environmentId} AND "id" = ${key.id} FOR UPDATE`;
  return rows[0] ?? null;
}

export interface ListConfigsOptions {
  /** Only this kind (else every kind). */
  kind?: string;
  /** Only activated configurations. */
  onlyActive?: boolean;
  /** Newest modification first, at most `limit` (else all, by id). */
  recent?: { limit: number };
  /** A page of the list by id: only that page's rows are read. */
  page?: ListPage;
}

/**
 * One query per list. The page's ids are cut first from an index alone (the primary key
 * (environment_id, id), (environment_id, kind, id) for one kind, (environment_id, kind, modified)
 * for the recent list): the rows hold each configuration's data, so sorting whole rows would read
 * them all. Then only the page's rows are read: a page of a 10,000-configuration list reads 100 rows,
 * with no query per row. (The plugin entries pointing at them are the plugin feature's: config.usage.ts.)
 */
export async function listConfigs(
  db: Db | Tx,
  environmentId: string,
  options: ListConfigsOptions = {},
): Promise<ConfigSummary[]> {
  const { kind, onlyActive, recent, page } = options;
  const take = recent ? recent.limit : page?.limit;
  const skip = recent ? undefined : page?.offset;
  const order = recent ? Prisma.sql`"modified" DESC, "id" ASC` : Prisma.sql`"id" ASC`;
  return db.$queryRaw<ConfigSummary[]>`
    SELECT c."id", c."kind", c."description", c."active",
           (extract(epoch FROM c."created") * 1000)::float8 AS "created",
           (extract(epoch FROM c."modified") * 1000)::float8 AS "modified",
           c."last_modifier" AS "lastModifier"
      FROM (SELECT "id" FROM "configuration"
             WHERE "environment_id" = ${environmentId}
                   ${kind === undefined ? Prisma.empty : Prisma.sql`AND "kind" = ${kind}`}
                   ${onlyActive ? Prisma.sql`AND "active"` : Prisma.empty}
             ORDER BY ${order}
             ${take === undefined ? Prisma.empty : Prisma.sql`LIMIT ${take}`}
             ${skip ? Prisma.sql`OFFSET ${skip}` : Prisma.empty}) k
      JOIN "configuration" c ON c."environment_id" = ${environmentId} AND c."id" = k."id"
     ORDER BY ${order}`;
}

/** Which of these ids are configurations of the environment (any kind). */
export async function listExistingIds(
  db: Db | Tx,
  environmentId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.configuration.findMany({
    where: { environmentId, id: { in: [...ids] } },
    select: { id: true },
  });
  return new Set(rows.map((row) => row.id));
}

/** Every id of the environment that starts with `prefix` (any kind): candidates a copy id must avoid. */
export async function listIdsStartingWith(
  db: Db | Tx,
  environmentId: string,
  prefix: string,
): Promise<string[]> {
  const rows = await db.configuration.findMany({
    where: { environmentId, id: { startsWith: prefix } },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

export interface ConfigRecord extends ConfigKey {
  description: string;
  active: boolean;
  activation: ActivationSettings;
  data: ConfigData;
  lastModifier: string;
}

/** Inserts unless the id exists (any kind); false when it did (race-safe: ON CONFLICT DO NOTHING). */
export async function insertConfig(tx: Tx, record: ConfigRecord): Promise<boolean> {
  const { count } = await tx.configuration.createMany({
    data: [
      {
        environmentId: record.environmentId,
        id: record.id,
        kind: record.data.kind,
        description: record.description,
        active: record.active,
        activation: record.activation as Prisma.InputJsonObject,
        data: record.data as Prisma.InputJsonObject,
        lastModifier: record.lastModifier,
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}

export interface ConfigChanges {
  description?: string;
  active?: boolean;
  activation?: ActivationSettings;
  data?: ConfigData;
}

/** Writes the given fields (the kind follows data.kind) and stamps modified / lastModifier. */
export async function updateConfig(
  tx: Tx,
  key: ConfigKey,
  changes: ConfigChanges,
  lastModifier: string,
): Promise<void> {
  await tx.configuration.update({
    where: { environmentId_id: { environmentId: key.environmentId, id: key.id } },
    data: {
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.active === undefined ? {} : { active: changes.active }),
      ...(changes.activation === undefined
        ? {}
        : { activation: changes.activation as Prisma.InputJsonObject }),
      ...(changes.data === undefined
        ? {}
        : { kind: changes.data.kind, data: changes.data as Prisma.InputJsonObject }),
      modified: new Date(),
      lastModifier,
    },
  });
}

export async function deleteConfig(tx: Tx, key: ConfigKey): Promise<void> {
  await tx.configuration.deleteMany({ where: { environmentId: key.environmentId, id: key.id } });
}

// ---- the schedule overview's view of configurations (schedule feature) ----

/** The configurations of the environment with these ids (any kind), with their activation. */
export async function listScheduleConfigurations(
  db: Db | Tx,
  environmentId: string,
  ids: readonly string[],
): Promise<ScheduleConfiguration[]> {
  if (ids.length === 0) return [];
  const rows = await db.configuration.findMany({
    where: { environmentId, id: { in: [...ids] } },
    select: { id: true, kind: true, description: true, active: true, activation: true },
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    description: row.description,
    active: row.active,
    activation: parseJsonColumn(
      activationSettingsSchema,
      row.activation,
      `activation of configuration '${row.id}'`,
    ),
  }));
}
