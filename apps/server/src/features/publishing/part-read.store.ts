import type { Db } from '../../db/client.ts';
import type { RevisionManifest } from './parts.ts';

// The game servers' read path from what changed: a revision's manifest, and only the parts (parts.ts)
// the reading process does not hold yet. Read in the background (NOTIFY, periodic check), never while
// answering a request.

export type { ManifestList, RevisionManifest } from './parts.ts';
export { RUNTIME_PART_LISTS } from './parts.ts';

/** A revision's row without its content: the manifest names the parts it consists of. */
export interface RevisionManifestRow {
  environmentId: string;
  revision: number;
  hash: string;
  manifest: RevisionManifest;
  created: Date;
  createdBy: string;
}

/** A stored part: a leaf's body (the item's JSON, unparsed), or a node's children (its body is null). */
export interface StoredPart {
  hash: string;
  body: unknown;
  /** A node's children's hashes, in order; empty for a leaf. */
  children: string[];
}

/**
 * The manifests of the environment's newest revisions after `after`, at most `limit` of them, oldest
 * first: one row each, whatever the content's size.
 */
export async function listRevisionManifestsAfter(
  db: Db,
  environmentId: string,
  after: number,
  limit: number,
): Promise<RevisionManifestRow[]> {
  const rows = await db.runtimeRevision.findMany({
    where: { environmentId, revision: { gt: after } },
    orderBy: { revision: 'desc' },
    take: limit,
    select: {
      environmentId: true,
      revision: true,
      hash: true,
      manifest: true,
      created: true,
      createdBy: true,
    },
  });
  rows.reverse();
  return rows.map((row) => ({ ...row, manifest: row.manifest as unknown as RevisionManifest }));
}

/**
 * The environment's parts named by `hashes` (each once, in no particular order). A hash the
 * environment does not hold is an error: a stored revision names only stored parts.
 */
export async function readParts(
  db: Db,
  environmentId: string,
  hashes: readonly string[],
): Promise<StoredPart[]> {
  const asked = [...new Set(hashes)];
  if (asked.length === 0) return [];
  const rows = await db.$queryRawUnsafe<StoredPart[]>(
    `SELECT "hash", "body", "children" FROM "runtime_part"
      WHERE "environment_id" = $1 AND "hash" = ANY($2::text[])`,
    environmentId,
    asked,
  );
  if (rows.length < asked.length) {
    const found = new Set(rows.map((row) => row.hash));
    throw new Error(`runtime part ${asked.find((hash) => !found.has(hash))} of ${environmentId} is missing`);
  }
  return rows;
}
