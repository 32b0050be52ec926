import { PUBLISHING_AUDIT_ACTIONS } from '@console/domain/audit';
import { notFound } from '@console/domain/errors';
import {
  REVISION_MESSAGES,
  type RepublishResponse,
  type ResumeResponse,
  type RevisionListResponse,
  type RuntimePin,
  type RuntimeRevision,
  runtimeContentSchema,
} from '@console/domain/runtime';
import { type EnvironmentContext, type EnvironmentReader, readerOf } from '../../context.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { unchanged } from '../../db/unit-of-work.ts';
import { countAuditEntriesAfter, findAuditCauses, listAuditIdsAfter } from '../audit/audit.public.ts';
import { buildRuntimeContent, hashRuntimeContent } from '../publishing/content.service.ts';
import { publishBuilt } from '../publishing/publish.service.ts';
import {
  consumeRuntimeChanges,
  findLatestRevision,
  findOldestRevision,
  findRevisionRow,
  findRuntimePin,
  listRevisionRows,
  lockRuntimeState,
  type RuntimePinRow,
  writeRuntimePin,
} from '../publishing/publishing.public.ts';

// The revision history, and rollback (docs/decisions/0252): republishing
// an old revision publishes its content as a new revision and pins the runtime to it; changes made
// while pinned are saved and audited but not published; resume lifts the pin and publishes the
// console's state.

const toPin = (row: RuntimePinRow | null): RuntimePin | null =>
  row?.pinnedRevision === null || row?.pinnedRevision === undefined
    ? null
    : { revision: row.pinnedRevision, since: row.pinnedAt?.getTime() ?? 0, by: row.pinnedBy ?? '' };

/** Newest first, one page, with the pin and the changes waiting for resume, from one snapshot. */
export function listRevisions(
  ctx: EnvironmentContext,
  page: { offset: number; limit: number },
): Promise<RevisionListResponse> {
  const { environmentId } = ctx;
  return runInTransaction(
    ctx.db,
    async (tx) => {
      const pinRow = await findRuntimePin(tx, environmentId);
      const pinned = toPin(pinRow);
      const rows = await listRevisionRows(tx, environmentId, page);
      const latest = await findLatestRevision(tx, environmentId);
      const waiting =
        pinned === null
          ? 0
          : await countAuditEntriesAfter(
              tx,
              environmentId,
              pinRow?.pinnedAuditEntryId ?? 0,
              PUBLISHING_AUDIT_ACTIONS,
            );
      // What caused each revision, one query for the page
      const causes = await findAuditCauses(
        tx,
        environmentId,
        rows.flatMap((row) => row.auditEntryIds),
      );
      const causeById = new Map(causes.map((cause) => [cause.id, cause]));
      return {
        revisions: rows.map((row) => ({
          revision: row.revision,
          hash: row.hash,
          created: row.created.getTime(),
          createdBy: row.createdBy,
          auditEntryIds: row.auditEntryIds,
          restoredFrom: row.restoredFrom,
          causes: row.auditEntryIds.flatMap((id) => causeById.get(id) ?? []),
        })),
        latest: latest?.revision ?? 0,
        pinned,
        waiting,
      };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}

/**
 * The revision of the reader's environment with its parsed content; 404 when the environment has no such
 * revision, saying so when it was pruned (older than the oldest kept, RUNTIME_REVISIONS_KEPT).
 */
export async function requireRevision({ db, environmentId }: EnvironmentReader, revision: number) {
  const row = await findRevisionRow(db, environmentId, revision);
  if (!row) {
    const oldest = await findOldestRevision(db, environmentId);
    if (oldest > revision) throw notFound(REVISION_MESSAGES.notKept(environmentId, revision, oldest));
    throw notFound(REVISION_MESSAGES.notFound(environmentId, revision));
  }
  const what = `revision ${revision} of ${environmentId}`;
  return { ...row, content: parseJsonColumn(runtimeContentSchema, row.content, `content of ${what}`) };
}

/** One revision as game servers received it, with the audit entries it published. */
export async function getRevision(ctx: EnvironmentContext, revision: number): Promise<RuntimeRevision> {
  const row = await requireRevision(ctx, revision);
  return {
    environment: ctx.environmentId,
    revision: row.revision,
    hash: row.hash,
    publishedAt: row.created.toISOString(),
    publishedBy: row.createdBy,
    content: row.content,
    auditEntryIds: row.auditEntryIds,
    restoredFrom: row.restoredFrom,
  };
}

/**
 * Rollback: the old revision's content becomes a new revision (restoredFrom = old), naming this
 * audit entry, and the runtime is pinned to it. When the content served already has the old one's
 * hash, nothing is published and the pin holds the latest revision. A republish while pinned moves
 * the pin; the changes held back since the first pin stay waiting.
 */
export function republishRevision(ctx: EnvironmentContext, revision: number): Promise<RepublishResponse> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  return ctx.mutate(async (unit) => {
    const { tx, audit, afterAudit } = unit;
    const pin = await lockRuntimeState(tx, environmentId);
    const stored = await requireRevision(readerOf(unit), revision);
    // Hashed again: a revision published before the hash was made of the parts stored a hash of its text.
    const old = { ...stored, hash: hashRuntimeContent(stored.content) };
    const latest = (await findLatestRevision(tx, environmentId))!;
    const isPublished = old.hash !== latest.hash;
    const served = isPublished ? latest.revision + 1 : latest.revision;
    const since = new Date();
    audit({
      action: 'runtime.revision.republish',
      target: environmentId,
      attributes: { revision: served, from: revision, hash: old.hash, published: isPublished },
    });
    afterAudit(async (tx, [entry]) => {
      const auditEntryId = entry!.id;
      const built = { content: old.content, hash: old.hash };
      const publisher = { auditEntryIds: [auditEntryId], restoredFrom: revision };
      if (isPublished) await publishBuilt({ tx, environmentId, actor: ctx.actor }, built, latest, publisher);
      // Already pinned: changes have been held back since the first pin, and still are.
      const heldSince = pin.pinnedAuditEntryId ?? auditEntryId;
      await writeRuntimePin(tx, environmentId, {
        revision: served,
        at: since,
        by: email,
        auditEntryId: heldSince,
      });
    });
    return {
      revision: served,
      restoredFrom: revision,
      hash: old.hash,
      published: isPublished,
      pinned: { revision: served, since: since.getTime(), by: email },
    };
  });
}

/**
 * Lifts the pin and publishes the console's current state as a new revision (when it differs from
 * the pinned content), naming the changes audited while pinned and this entry. Not pinned: no-op.
 */
export function resumeRuntime(ctx: EnvironmentContext): Promise<ResumeResponse> {
  const { environmentId } = ctx;
  return ctx.mutate(async ({ tx, audit, afterAudit }) => {
    const pin = await lockRuntimeState(tx, environmentId);
    const latest = await findLatestRevision(tx, environmentId);
    if (pin.pinnedRevision === null) unchanged({ revision: latest?.revision ?? 0, published: false });
    // Every row, as it is now: what was logged while pinned is in it (publishing/changes.store.ts).
    await consumeRuntimeChanges(tx, environmentId);
    const built = await buildRuntimeContent({ db: tx, environmentId });
    const isPublished = latest === null || latest.hash !== built.hash;
    const revision = isPublished ? (latest?.revision ?? 0) + 1 : latest.revision;
    const waiting = await listAuditIdsAfter(
      tx,
      environmentId,
      pin.pinnedAuditEntryId ?? 0,
      PUBLISHING_AUDIT_ACTIONS,
    );
    audit({
      action: 'runtime.revision.resume',
      target: environmentId,
      attributes: {
        pinned: pin.pinnedRevision as number,
        revision,
        published: isPublished,
        waiting: waiting.length,
      },
    });
    afterAudit(async (tx, [entry]) => {
      await writeRuntimePin(tx, environmentId, null);
      const publisher = { auditEntryIds: [...waiting, entry!.id] };
      await publishBuilt({ tx, environmentId, actor: ctx.actor }, built, latest, publisher);
    });
    return { revision, published: isPublished };
  });
}
