import { type RuntimeContent, runtimeContentSchema } from '@console/domain';
import type { Db } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';

// The game servers' read path asks the database only these two things, and only in the background
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

/** The environment's latest revision, or null when it has none. */
export async function findLatestStoredRevision(
  db: Db,
  environmentId: string,
): Promise<StoredRevision | null> {
  const row = await db.runtimeRevision.findFirst({
    where: { environmentId },
    orderBy: { revision: 'desc' },
    select: {
      environmentId: true,
      revision: true,
      hash: true,
      content: true,
      created: true,
      createdBy: true,
    },
  });
  if (!row) return null;
  const what = `runtime revision ${row.revision} of ${environmentId}`;
  return { ...row, content: parseJsonColumn(runtimeContentSchema, row.content, what) };
}
