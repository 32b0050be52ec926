import type { RuntimeContent } from '@console/domain/runtime';
import type { Db, Tx } from '../../db/client.ts';
import {
  contentOf,
  countHashes,
  type LaidOutContent,
  manifestHashes,
  partsOf,
  type RevisionManifest,
  type RuntimePart,
} from './parts.ts';
import { RUNTIME_REVISION_CHANNEL, revisionNotificationText } from './revision-notification.ts';

// Revisions as manifests over content-addressed parts (parts.ts), written and read with plain
// SQL through `Sql`, so the console (Prisma) and the test helpers (pg) write them the same way.

/** Runs one statement with $1... parameters and answers its rows. */
export type Sql = <Row>(text: string, values: unknown[]) => Promise<Row[]>;

export const sqlOf =
  (db: Db | Tx): Sql =>
  <Row>(text: string, values: unknown[]) =>
    db.$queryRawUnsafe<Row[]>(text, ...values);

export interface NewRevision {
  environmentId: string;
  revision: number;
  hash: string;
  content: RuntimeContent;
  createdBy: string;
  auditEntryIds: readonly number[];
  restoredFrom: number | null;
  /** Sends the runtime_revision NOTIFY in the same statement (default). */
  notify?: boolean;
  /** The content's manifest and the parts it may lack, when already made (layoutOf). */
  laidOut?: Pick<LaidOutContent, 'manifest' | 'parts'>;
}

/** Adds `counts` to the parts' reference counts (negative: removes). */
async function addRefs(
  sql: Sql,
  environmentId: string,
  named: readonly string[],
  sign: 1 | -1,
): Promise<void> {
  if (named.length === 0) return;
  const { hashes, counts } = countHashes(named);
  await sql(
    `UPDATE "runtime_part" p SET "refs" = p."refs" + x."n" * $4::int
       FROM unnest($2::text[], $3::int[]) AS x("hash", "n")
      WHERE p."environment_id" = $1 AND p."hash" = x."hash"`,
    [environmentId, hashes, counts, sign],
  );
}

/**
 * The parts of `parts` the environment does not hold yet. From the top down: a stored node's whole
 * subtree is stored (a part is deleted only once nothing names it), so only the children of missing
 * nodes are looked at, and a change of one item looks at the nodes on its path.
 */
async function missingParts(
  sql: Sql,
  environmentId: string,
  tops: readonly string[],
  parts: ReadonlyMap<string, RuntimePart>,
): Promise<RuntimePart[]> {
  const missing: RuntimePart[] = [];
  const seen = new Set<string>();
  let asking = [...new Set(tops)];
  while (asking.length > 0) {
    for (const hash of asking) seen.add(hash);
    const stored = await sql<{ hash: string }>(
      `SELECT "hash" FROM "runtime_part" WHERE "environment_id" = $1 AND "hash" = ANY($2::text[])`,
      [environmentId, asking],
    );
    const held = new Set(stored.map((row) => row.hash));
    const next = new Set<string>();
    for (const hash of asking) {
      if (held.has(hash)) continue;
      const part = parts.get(hash)!;
      missing.push(part);
      for (const child of part.children) if (!seen.has(child)) next.add(child);
    }
    asking = [...next];
  }
  return missing;
}

/**
 * Writes revision `record.revision`: the parts of its content the environment lacks, the references
 * they and the manifest add, then the row, with its NOTIFY in the same statement (delivered when the
 * transaction commits; never if it rolls back). The caller holds the environment's publish lock.
 */
export async function writeRevision(sql: Sql, record: NewRevision): Promise<void> {
  const { environmentId } = record;
  const { manifest, parts } = record.laidOut ?? partsOf(record.content);
  const tops = manifestHashes(manifest);
  const missing = await missingParts(sql, environmentId, tops, parts);
  if (missing.length > 0) {
    // A node's children are its body: stored once, in `children` (its body is JSON null).
    const rows = missing.map((part) => ({
      hash: part.hash,
      body: part.children.length > 0 ? null : part.body,
      children: part.children,
    }));
    await sql(
      `INSERT INTO "runtime_part" ("environment_id", "hash", "body", "children", "revision")
       SELECT $1, x."hash", COALESCE(x."body", 'null'::jsonb), x."children", $2
         FROM jsonb_to_recordset($3::jsonb) AS x("hash" text, "body" jsonb, "children" text[])
       ON CONFLICT DO NOTHING`,
      [environmentId, record.revision, JSON.stringify(rows)],
    );
  }
  await addRefs(sql, environmentId, [...tops, ...missing.flatMap((part) => part.children)], 1);
  const payload = revisionNotificationText(record);
  await sql(
    `WITH "inserted" AS (
       INSERT INTO "runtime_revision"
              ("environment_id", "revision", "hash", "manifest", "created_by", "audit_entry_ids", "restored_from")
       VALUES ($1, $2, $3, $4::jsonb, $5, $6::int[], $7)
       RETURNING 1)
     SELECT 1 AS "written" FROM "inserted"${
       record.notify === false
         ? ''
         : ` CROSS JOIN LATERAL (SELECT pg_notify('${RUNTIME_REVISION_CHANNEL}', $8)) AS n`
     }`,
    [
      environmentId,
      record.revision,
      record.hash,
      JSON.stringify(manifest),
      record.createdBy,
      [...record.auditEntryIds],
      record.restoredFrom,
      ...(record.notify === false ? [] : [payload]),
    ],
  );
}

/**
 * Deletes the environment's revisions before `firstKept`, and the parts only they used: each deleted
 * manifest drops its references, a part left unnamed is deleted and drops its children's, and so on
 * down. The caller holds the publish lock. Answers how many revisions were deleted.
 */
export async function pruneRevisions(sql: Sql, environmentId: string, firstKept: number): Promise<number> {
  const deleted = await sql<{ manifest: RevisionManifest }>(
    `DELETE FROM "runtime_revision" WHERE "environment_id" = $1 AND "revision" < $2 RETURNING "manifest"`,
    [environmentId, firstKept],
  );
  let released = deleted.flatMap((row) => manifestHashes(row.manifest));
  while (released.length > 0) {
    await addRefs(sql, environmentId, released, -1);
    const gone = await sql<{ children: string[] }>(
      `DELETE FROM "runtime_part"
        WHERE "environment_id" = $1 AND "hash" = ANY($2::text[]) AND "refs" <= 0
        RETURNING "children"`,
      [environmentId, [...new Set(released)]],
    );
    released = gone.flatMap((row) => row.children);
  }
  return deleted.length;
}

/**
 * The contents of manifests of one environment (unparsed, in the order given), reading each part
 * they share once, a tree level per query.
 */
export async function readContents(
  sql: Sql,
  environmentId: string,
  manifests: readonly RevisionManifest[],
): Promise<unknown[]> {
  const bodies = new Map<string, unknown>();
  let asking = [...new Set(manifests.flatMap(manifestHashes))];
  while (asking.length > 0) {
    const rows = await sql<{ hash: string; body: unknown; children: string[] }>(
      `SELECT "hash", "body", "children" FROM "runtime_part"
        WHERE "environment_id" = $1 AND "hash" = ANY($2::text[])`,
      [environmentId, asking],
    );
    const next = new Set<string>();
    for (const { hash, body, children } of rows) {
      // A node (it has children) expands to them; a leaf is its body.
      bodies.set(hash, children.length > 0 ? children : body);
      for (const child of children) if (!bodies.has(child)) next.add(child);
    }
    if (rows.length < asking.length) {
      const lost = asking.find((hash) => !bodies.has(hash));
      throw new Error(`runtime part ${lost} of ${environmentId} is missing`);
    }
    asking = [...next].filter((hash) => !bodies.has(hash));
  }
  return manifests.map((manifest) => contentOf(manifest, (hash) => bodies.get(hash)));
}
