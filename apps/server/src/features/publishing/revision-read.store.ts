import { type RuntimeContent, runtimeContentSchema } from '@console/domain/runtime';
import type { Db } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { readContents, sqlOf } from './part.store.ts';
import { listRevisionManifestsAfter } from './part-read.store.ts';

// The game servers' read path asks the database only these things, and only in the background
// (start, NOTIFY, periodic check): never while answering a request.

export interface StoredRevision {
  environmentId: string;
  revision: number;
  hash: string;
  content: RuntimeContent;
  created: Date;
  createdBy: string;
}

/**
 * Each environment's latest revision number (0 when none is published yet). One index probe per
 * environment (the primary key read backwards), however long the history: cheap enough to run every
 * few seconds in every process.
 */
export async function findLatestRevisionNumbers(db: Db): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ environmentId: string; revision: number | null }[]>`
    SELECT e.id AS "environmentId",
           (SELECT r.revision FROM runtime_revision r WHERE r.environment_id = e.id
            ORDER BY r.revision DESC LIMIT 1) AS revision
    FROM environment e`;
  return new Map(rows.map((row) => [row.environmentId, row.revision ?? 0]));
}

/**
 * The environment's newest revisions after `after`, at most `limit` of them, oldest first (the stream
 * replays each one's changes; the last is the one to serve). Empty when none is newer.
 */
export async function listStoredRevisionsAfter(
  db: Db,
  environmentId: string,
  after: number,
  limit: number,
): Promise<StoredRevision[]> {
  const rows = await listRevisionManifestsAfter(db, environmentId, after, limit);
  // The revisions share most of their parts: each is read once.
  const contents = await readContents(
    sqlOf(db),
    environmentId,
    rows.map((row) => row.manifest),
  );
  return rows.map(({ manifest: _manifest, ...row }, index) => {
    const what = `runtime revision ${row.revision} of ${environmentId}`;
    return { ...row, content: parseJsonColumn(runtimeContentSchema, contents[index], what) };
  });
}
