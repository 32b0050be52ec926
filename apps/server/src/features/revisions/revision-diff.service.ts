import {
  describeRuntimeDiff,
  type EnvironmentCompareResponse,
  type RevisionDiffResponse,
  type RuntimeContent,
} from '@console/domain/runtime';
import type { EnvironmentContext, EnvironmentReader } from '../../context.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { buildRuntimeContent } from '../publishing/content.service.ts';
import { findLatestRevision } from '../publishing/publishing.public.ts';
import { requireRevision } from './revision.service.ts';

// What changes between two revisions of an environment, and between two environments'
// current revisions (docs/decisions/0310).

/** What changes from revision `from` to revision `to` (either order; equal = nothing). */
export async function diffRevisions(
  ctx: EnvironmentContext,
  request: { from: number; to: number },
): Promise<RevisionDiffResponse> {
  const before = await requireRevision(ctx, request.from);
  const after = await requireRevision(ctx, request.to);
  return { from: request.from, to: request.to, ...describeRuntimeDiff(before.content, after.content) };
}

/** The revision game servers of the environment receive, or (none published yet) the console's state. */
async function currentContent(
  reader: EnvironmentReader,
): Promise<{ revision: number; content: RuntimeContent }> {
  const { db, environmentId } = reader;
  const latest = await findLatestRevision(db, environmentId);
  if (latest === null)
    return { revision: 0, content: (await buildRuntimeContent({ db, environmentId })).content };
  return {
    revision: latest.revision,
    content: (await requireRevision(reader, latest.revision)).content,
  };
}

/** What changes from this environment's current revision to the other's: one snapshot of both. */
export function compareEnvironments(
  ctx: EnvironmentContext,
  other: string,
): Promise<EnvironmentCompareResponse> {
  const { environmentId } = ctx;
  return runInTransaction(
    ctx.db,
    async (tx) => {
      const mine = await currentContent({ db: tx, environmentId });
      const theirs = await currentContent({ db: tx, environmentId: other });
      return {
        environment: environmentId,
        revision: mine.revision,
        other,
        otherRevision: theirs.revision,
        ...describeRuntimeDiff(mine.content, theirs.content),
      };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}
