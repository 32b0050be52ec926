import type { Segment } from '@console/domain/abtest';
import type { Tx } from '../../db/client.ts';

// The environment transfer's writes of A/B-tests, set-based: one statement per table for any number
// of A/B-tests, so an environment of ten thousand applies within the transaction timeout. Each
// statement fires the runtime-change triggers once (they are per statement).

/** One A/B-test as the transfer writes it: the source's fields, versions replaced wholesale. */
export interface TransferredAbTest {
  id: string;
  description: string;
  type: number;
  active: boolean;
  caseDescriptions: readonly string[];
  segment: Segment;
  salt: string;
  versions: readonly {
    version: number;
    active: boolean;
    cases: readonly number[];
    /** Fixed at activation; null when never activated. */
    ranges: unknown;
  }[];
}

/**
 * Makes each destination A/B-test equal to the given one: created when absent (stamped as new),
 * otherwise its fields overwritten and modified / lastModifier stamped; its versions replaced by the
 * given ones, stamped with `lastModifier`.
 */
export async function writeTransferredAbTests(
  tx: Tx,
  environmentId: string,
  abTests: readonly TransferredAbTest[],
  lastModifier: string,
  now: Date,
): Promise<void> {
  if (abTests.length === 0) return;
  const rows = abTests.map((abTest) => ({
    id: abTest.id,
    description: abTest.description,
    type: abTest.type,
    active: abTest.active,
    case_descriptions: abTest.caseDescriptions,
    segment: abTest.segment,
    salt: abTest.salt,
  }));
  await tx.$executeRaw`
    INSERT INTO "ab_test" ("environment_id", "id", "description", "type", "active", "case_descriptions",
                           "segment", "salt", "last_modifier")
    SELECT ${environmentId}, x."id", x."description", x."type", x."active", x."case_descriptions",
           x."segment", x."salt", ${lastModifier}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
             "id" text, "description" text, "type" int, "active" boolean, "case_descriptions" text[],
             "segment" jsonb, "salt" text)
    ON CONFLICT ("environment_id", "id") DO UPDATE
       SET "description" = EXCLUDED."description", "type" = EXCLUDED."type", "active" = EXCLUDED."active",
           "case_descriptions" = EXCLUDED."case_descriptions", "segment" = EXCLUDED."segment",
           "salt" = EXCLUDED."salt", "modified" = ${now}, "last_modifier" = EXCLUDED."last_modifier"`;
  await tx.$executeRaw`
    DELETE FROM "ab_test_version"
     WHERE "environment_id" = ${environmentId} AND "ab_test_id" = ANY(${abTests.map((abTest) => abTest.id)}::text[])`;
  const versions = abTests.flatMap((abTest) =>
    abTest.versions.map((version) => ({
      ab_test_id: abTest.id,
      version: version.version,
      active: version.active,
      cases: version.cases,
      // Absent rather than JSON null: a missing key is SQL NULL (no ranges yet)
      ...(version.ranges === null || version.ranges === undefined ? {} : { ranges: version.ranges }),
    })),
  );
  if (versions.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "ab_test_version" ("environment_id", "ab_test_id", "version", "active", "cases", "ranges",
                                   "last_modifier")
    SELECT ${environmentId}, x."ab_test_id", x."version", x."active", x."cases", x."ranges", ${lastModifier}
      FROM jsonb_to_recordset(${JSON.stringify(versions)}::jsonb) AS x(
             "ab_test_id" text, "version" int, "active" boolean, "cases" int[], "ranges" jsonb)`;
}

/** Deletes these A/B-tests of the environment, their versions with them (the foreign key cascades). */
export async function deleteTransferredAbTests(
  tx: Tx,
  environmentId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.$executeRaw`
    DELETE FROM "ab_test" WHERE "environment_id" = ${environmentId} AND "id" = ANY(${[...ids]}::text[])`;
}
