import { randomUUID } from 'node:crypto';
import {
  type AbTest,
  type AbTestTypeId,
  type AbTestVersion,
  currentVersionNumber,
  type Segment,
  segmentSchema,
} from '@console/domain/abtest';
import type { ListPage } from '@console/domain/api';
import type { Db, Tx } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { Prisma } from '../../generated/prisma/client.ts';

// The only file of the A/B-test feature that talks to Prisma; everything it returns is domain-shaped.

const withVersions = { versions: { orderBy: { version: 'asc' } } } as const;
type AbTestRow = Prisma.AbTestGetPayload<{ include: typeof withVersions }>;

export interface AbTestKey {
  environmentId: string;
  id: string;
}

function toVersion(row: AbTestRow['versions'][number]): AbTestVersion {
  return {
    version: row.version,
    active: row.active,
    cases: [...row.cases],
    created: row.created.getTime(),
    lastModifier: row.lastModifier,
  };
}

/** The columns an A/B-test is answered from, whichever query read them. */
type AbTestColumns = Omit<AbTestListRow, 'versions' | 'usedBy'>;

/** One A/B-test as the API answers it: the row, its versions and the plugins using it. */
function toAbTest(row: AbTestColumns, versions: AbTestVersion[], usedBy: number[]): AbTest {
  const version = currentVersionNumber(versions);
  return {
    id: row.id,
    description: row.description,
    active: row.active,
    created: row.created.getTime(),
    modified: row.modified.getTime(),
    lastModifier: row.lastModifier,
    data: {
      type: row.type as AbTestTypeId,
      version,
      cases: versions.find((candidate) => candidate.version === version)?.cases ?? [],
      caseDescriptions: [...row.caseDescriptions],
      versions,
      segment: parseJsonColumn(segmentSchema, row.segment, `segment of A/B-test '${row.id}'`),
    },
    usedBy,
  };
}

/** Plugin ids per A/B-test id whose active set or draft references it (usedBy). */
export async function findUsage(
  db: Db | Tx,
  environmentId: string,
  abTestIds?: readonly string[],
): Promise<Map<string, number[]>> {
  const rows = await db.pluginAbTestEntry.findMany({
    where: { environmentId, ...(abTestIds ? { abTestId: { in: [...abTestIds] } } : {}) },
    select: { abTestId: true, pluginId: true },
    distinct: ['abTestId', 'pluginId'],
    orderBy: [{ abTestId: 'asc' }, { pluginId: 'asc' }],
  });
  const usage = new Map<string, number[]>();
  for (const row of rows) usage.set(row.abTestId, [...(usage.get(row.abTestId) ?? []), row.pluginId]);
  return usage;
}

export async function findAbTest(db: Db | Tx, key: AbTestKey): Promise<AbTest | null> {
  const row = await db.abTest.findUnique({
    where: { environmentId_id: { environmentId: key.environmentId, id: key.id } },
    include: withVersions,
  });
  if (!row) return null;
  const usage = await findUsage(db, key.environmentId, [key.id]);
  return toAbTest(row, row.versions.map(toVersion), usage.get(key.id) ?? []);
}

export async function abTestExists(db: Db | Tx, key: AbTestKey): Promise<boolean> {
  const count = await db.abTest.count({
    where: { environmentId: key.environmentId, id: key.id },
  });
  return count > 0;
}

/**
 * Locks the A/B-test row until the transaction ends, so version numbering, activation and
 * deletion of one A/B-test happen one at a time. Answers its type and state, null when it does not exist.
 */
export async function lockAbTest(tx: Tx, key: AbTestKey): Promise<{ type: number; active: boolean } | null> {
  const rows = await tx.$queryRaw<{ type: number; active: boolean }[]>`
    SELECT "type", "active" FROM "ab_test"
     WHERE "environment_id" = ${key.environmentId} AND "id" = ${key.id} FOR UPDATE`;
  return rows[0] ?? null;
}

/** The highest version number of an A/B-test, null when it has none. */
export async function findHighestVersion(db: Db | Tx, key: AbTestKey): Promise<number | null> {
  const { _max } = await db.abTestVersion.aggregate({
    where: { environmentId: key.environmentId, abTestId: key.id },
    _max: { version: true },
  });
  return _max.version;
}

export interface ListAbTestsOptions {
  /** Newest modification first, at most `limit` (else all, by id). */
  recent?: { limit: number };
  onlyIds?: readonly string[];
  /** A page of the list by id: only that page's rows, versions and usage are read. */
  page?: ListPage;
}

/** A list row as the page query answers it: the A/B-test with its versions and usage aggregated. */
export interface AbTestListRow {
  id: string;
  description: string;
  type: number;
  active: boolean;
  caseDescriptions: string[];
  segment: unknown;
  created: Date;
  modified: Date;
  lastModifier: string;
  versions: { version: number; active: boolean; cases: number[]; created: number; lastModifier: string }[];
  usedBy: number[];
}

/**
 * An AbTestListRow's columns, read from `t` (a page of ab_test rows already cut): the row's own, its
 * versions and the plugins using it, each aggregated through its own index.
 */
export const LISTED_AB_TEST_COLUMNS = Prisma.sql`
  t."id", t."description", t."type", t."active", t."case_descriptions" AS "caseDescriptions",
  t."segment", t."created", t."modified", t."last_modifier" AS "lastModifier",
  COALESCE((
    SELECT json_agg(json_build_object(
             'version', v."version", 'active', v."active", 'cases', v."cases",
             'created', (EXTRACT(EPOCH FROM v."created") * 1000)::bigint,
             'lastModifier', v."last_modifier") ORDER BY v."version")
      FROM "ab_test_version" v
     WHERE v."environment_id" = t."environment_id" AND v."ab_test_id" = t."id"), '[]'::json) AS "versions",
  ARRAY(
    SELECT DISTINCT e."plugin_id" FROM "plugin_ab_test_entry" e
     WHERE e."environment_id" = t."environment_id" AND e."ab_test_id" = t."id"
     ORDER BY e."plugin_id") AS "usedBy"`;

/**
 * One query per list: the page of A/B-test rows is cut first (by the primary key (environment_id,
 * id), or the (environment_id, modified) index for the recent list) and only then are its versions
 * and usage aggregated, each through its own index. So a page of a 10,000-test list reads its 100
 * tests, their versions and their plugin entries, never every version of every test.
 */
export async function listAbTests(
  db: Db | Tx,
  environmentId: string,
  options: ListAbTestsOptions = {},
): Promise<AbTest[]> {
  const { recent, onlyIds, page } = options;
  const take = recent ? recent.limit : page?.limit;
  const order = recent ? Prisma.sql`"modified" DESC, "id" ASC` : Prisma.sql`"id" ASC`;
  const rows = await db.$queryRaw<AbTestListRow[]>`
    SELECT ${LISTED_AB_TEST_COLUMNS}
      FROM (SELECT * FROM "ab_test"
             WHERE "environment_id" = ${environmentId}
                   ${onlyIds ? Prisma.sql`AND "id" = ANY(${[...onlyIds]}::text[])` : Prisma.empty}
             ORDER BY ${order}
             ${take === undefined ? Prisma.empty : Prisma.sql`LIMIT ${take}`}
             ${page?.offset ? Prisma.sql`OFFSET ${page.offset}` : Prisma.empty}) t
     ORDER BY ${order}`;
  return rows.map(toListedAbTest);
}

export function toListedAbTest(row: AbTestListRow): AbTest {
  const versions = row.versions.map((version) => ({ ...version, created: Number(version.created) }));
  return toAbTest(row, versions, row.usedBy.map(Number));
}

export interface NewAbTestRecord extends AbTestKey {
  description: string;
  type: number;
  active?: boolean;
  caseDescriptions?: string[];
  segment: Segment;
  /** A new test gets a fresh random salt unless one is given (a transfer keeps the source's). */
  salt?: string;
  lastModifier: string;
}

/** Inserts unless the id exists; false when it did (race-safe: ON CONFLICT DO NOTHING). */
export async function insertAbTest(tx: Tx, record: NewAbTestRecord): Promise<boolean> {
  const { count } = await tx.abTest.createMany({
    data: [
      {
        environmentId: record.environmentId,
        id: record.id,
        description: record.description,
        type: record.type,
        active: record.active ?? false,
        caseDescriptions: record.caseDescriptions ?? [],
        segment: record.segment as Prisma.InputJsonObject,
        salt: record.salt ?? randomUUID(),
        lastModifier: record.lastModifier,
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}

export interface AbTestChanges {
  description?: string;
  type?: number;
  active?: boolean;
  caseDescriptions?: string[];
  segment?: Segment;
  /** A new salt re-splits every player (re-randomise). */
  salt?: string;
}

/** Writes the given fields and stamps modified / lastModifier. */
export async function updateAbTest(
  tx: Tx,
  key: AbTestKey,
  changes: AbTestChanges,
  lastModifier: string,
): Promise<void> {
  await tx.abTest.update({
    where: { environmentId_id: { environmentId: key.environmentId, id: key.id } },
    data: {
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.type === undefined ? {} : { type: changes.type }),
      ...(changes.active === undefined ? {} : { active: changes.active }),
      ...(changes.caseDescriptions === undefined ? {} : { caseDescriptions: changes.caseDescriptions }),
      ...(changes.segment === undefined ? {} : { segment: changes.segment as Prisma.InputJsonObject }),
      ...(changes.salt === undefined ? {} : { salt: changes.salt }),
      modified: new Date(),
      lastModifier,
    },
  });
}

export async function deleteAbTest(tx: Tx, key: AbTestKey): Promise<void> {
  await tx.abTest.deleteMany({ where: { environmentId: key.environmentId, id: key.id } });
}

export interface NewVersionRecord {
  version: number;
  active?: boolean;
  cases: readonly number[];
  /** Bucket ranges fixed at activation (a transfer copies the source's); absent or null: none. */
  ranges?: unknown;
  lastModifier: string;
}

/** Appends versions; the primary key (environment, A/B-test, version) refuses a duplicate number. */
export async function insertVersions(
  tx: Tx,
  key: AbTestKey,
  versions: readonly NewVersionRecord[],
): Promise<void> {
  if (versions.length === 0) return;
  await tx.abTestVersion.createMany({
    data: versions.map((version) => ({
      environmentId: key.environmentId,
      abTestId: key.id,
      version: version.version,
      active: version.active ?? false,
      cases: [...version.cases],
      ...(version.ranges === undefined || version.ranges === null
        ? {}
        : { ranges: version.ranges as Prisma.InputJsonValue }),
      lastModifier: version.lastModifier,
    })),
  });
}

/** Appends one version and answers it as stored. */
export async function insertVersion(
  tx: Tx,
  key: AbTestKey,
  version: NewVersionRecord,
): Promise<AbTestVersion> {
  const row = await tx.abTestVersion.create({
    data: {
      environmentId: key.environmentId,
      abTestId: key.id,
      version: version.version,
      active: version.active ?? false,
      cases: [...version.cases],
      lastModifier: version.lastModifier,
    },
  });
  return toVersion(row);
}

/**
 * The one change a saved version allows: it becomes active, with the bucket ranges of its cases
 *, fixed from then on.
 */
export async function markVersionActive(
  tx: Tx,
  key: AbTestKey,
  version: number,
  ranges: readonly (readonly (readonly [number, number])[])[],
): Promise<void> {
  await tx.abTestVersion.update({
    where: {
      environmentId_abTestId_version: { environmentId: key.environmentId, abTestId: key.id, version },
    },
    data: { active: true, ranges: ranges as unknown as Prisma.InputJsonArray },
  });
}

/** A version's bucket ranges as stored (unparsed: null when activated before ranges existed). */
export async function findVersionRanges(tx: Db | Tx, key: AbTestKey, version: number): Promise<unknown> {
  const row = await tx.abTestVersion.findUnique({
    where: {
      environmentId_abTestId_version: { environmentId: key.environmentId, abTestId: key.id, version },
    },
    select: { ranges: true },
  });
  return row?.ranges ?? null;
}

/** How an A/B-test splits players: its salt and each version's stored ranges (unparsed). */
export interface AbTestBucketing {
  salt: string;
  ranges: Map<number, unknown>;
}

/** The bucketing of every A/B-test of the environment, by id (transfer). */
export async function listBucketing(
  db: Db | Tx,
  environmentId: string,
): Promise<Map<string, AbTestBucketing>> {
  const rows = await db.abTest.findMany({
    where: { environmentId },
    select: { id: true, salt: true, versions: { select: { version: true, ranges: true } } },
  });
  return new Map(
    rows.map((row) => [
      row.id,
      { salt: row.salt, ranges: new Map(row.versions.map((version) => [version.version, version.ranges])) },
    ]),
  );
}

/** Transfer only: a destination A/B-test takes the source's versions wholesale. */
export async function deleteVersions(tx: Tx, key: AbTestKey): Promise<void> {
  await tx.abTestVersion.deleteMany({ where: { environmentId: key.environmentId, abTestId: key.id } });
}
