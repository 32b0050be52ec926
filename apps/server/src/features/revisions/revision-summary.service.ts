import { type ChangedParts, changedParts, type RuntimeContent } from '@console/domain/runtime';
import type { EnvironmentReader } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { PublishedInTransaction } from '../publishing/publish.service.ts';
import { requireRevision } from './revision.service.ts';

// What other features learn of a published revision (webhooks announce it): who published it and what
// it changed, computed while it is published, so the summary never needs the revision before it again
// (retention deletes revisions beyond the last RUNTIME_REVISIONS_KEPT).

export interface RevisionSummary {
  revision: number;
  author: string;
  changes: ChangedParts;
}

const emptyLike = (content: RuntimeContent): RuntimeContent => ({
  ...content,
  plugins: [],
  abTests: [],
  configurations: [],
});

/**
 * Each environment's latest summarised content, by its hash: the next publish compares with it without
 * reading the revision before it again. A content's hash names exactly that content, so an entry stays
 * true even when the transaction that made it rolled back.
 */
const lastSummarised = new Map<string, { hash: string; content: RuntimeContent }>();

/** Remembers a published revision's content as the base of its successor's summary (no query). */
export function rememberPublished(published: PublishedInTransaction): void {
  lastSummarised.set(published.environmentId, { hash: published.hash, content: published.content });
}

/**
 * The summary of a revision this transaction published: what changed from the revision before it (the
 * content remembered from its publish, or read in the transaction when another process published it),
 * everything for the first.
 */
export async function summarisePublished(
  tx: Tx,
  published: PublishedInTransaction,
): Promise<RevisionSummary> {
  const { environmentId, previous } = published;
  let before: RuntimeContent;
  if (previous === null) before = emptyLike(published.content);
  else {
    const remembered = lastSummarised.get(environmentId);
    before =
      remembered?.hash === previous.hash
        ? remembered.content
        : (await requireRevision({ db: tx, environmentId }, previous.revision)).content;
  }
  return {
    revision: published.revision,
    author: published.createdBy,
    changes: changedParts(before, published.content),
  };
}

/**
 * Who published the revision and what it changed from the one before (everything, for the first), read
 * from the stored revisions: for messages written before the summary was computed at publish time.
 */
export async function summariseRevision(
  reader: EnvironmentReader,
  revision: number,
): Promise<RevisionSummary> {
  const current = await requireRevision(reader, revision);
  const previous = revision > 1 ? await requireRevision(reader, revision - 1) : null;
  return {
    revision,
    author: current.createdBy,
    changes: changedParts(previous?.content ?? emptyLike(current.content), current.content),
  };
}
