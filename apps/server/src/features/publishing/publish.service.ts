import { channel } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { isPublishingAuditAction } from '@console/domain/audit';
import { parseBranchId } from '@console/domain/change-request';
import { RUNTIME_REVISIONS_KEPT } from '@console/domain/runtime';
import { type EnvironmentTransaction, inEnvironment } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { AuditedStep, WrittenAuditEntry } from '../../db/unit-of-work.ts';
import type { BuiltContent } from './content.service.ts';
import { buildPublishedContent } from './content-delta.service.ts';
import { type NewRevision, pruneRevisions, sqlOf, writeRevision } from './part.store.ts';
import { findLatestRevision, lockRuntimeState, type RevisionHead } from './revision.store.ts';

// Publishing, in the transaction of the change that altered what players receive.

/** Who published the revisions made without an operator (start-up). */
export const SYSTEM_PUBLISHER = 'system';

/**
 * Each publish's duration (lock wait, build, insert), for whoever listens (the metrics plugin): a
 * diagnostics channel, so publishing knows nothing of metrics and costs nothing when nobody listens.
 */
export const publishTimings = channel('console.runtime.publish');
export interface PublishTiming {
  environmentId: string;
  seconds: number;
  /** False when nothing changed (or the runtime is pinned): no revision was written. */
  isPublished: boolean;
}

export interface PublishedRevision {
  environmentId: string;
  revision: number;
  hash: string;
}

/** A revision a transaction published, with what the readers of its summary need (webhooks). */
export interface PublishedInTransaction extends PublishedRevision {
  content: BuiltContent['content'];
  /** The revision it follows, null for the first. */
  previous: RevisionHead | null;
  createdBy: string;
}

const publishedIn = new WeakMap<Tx, PublishedInTransaction[]>();

/** The revisions published in this transaction so far, in order (later steps of its unit of work). */
export const revisionsPublishedIn = (tx: Tx): readonly PublishedInTransaction[] => publishedIn.get(tx) ?? [];

/**
 * Inserts `built` as the revision after `latest` when its hash differs (or there is none yet), and
 * notifies. The instance's publish step (publishAuditedStep) prunes what its retention no longer keeps,
 * later in the same transaction. The caller holds the environment's publish lock (lockRuntimeState).
 */
export async function publishBuilt(
  scope: EnvironmentTransaction,
  built: BuiltContent & { laidOut?: NewRevision['laidOut'] },
  latest: RevisionHead | null,
  publisher: { auditEntryIds: readonly number[]; restoredFrom?: number },
): Promise<PublishedRevision | null> {
  const { tx, environmentId } = scope;
  const { email } = scope.actor;
  if (latest !== null && latest.hash === built.hash) return null;
  const revision = (latest?.revision ?? 0) + 1;
  const sql = sqlOf(tx);
  await writeRevision(sql, {
    environmentId,
    revision,
    hash: built.hash,
    content: built.content,
    createdBy: email,
    auditEntryIds: publisher.auditEntryIds,
    restoredFrom: publisher.restoredFrom ?? null,
    laidOut: built.laidOut,
  });
  const published = { environmentId, revision, hash: built.hash };
  const record = { ...published, content: built.content, previous: latest, createdBy: email };
  publishedIn.set(tx, [...revisionsPublishedIn(tx), record]);
  return published;
}

/**
 * Publishes the environment's runtime as this transaction leaves it: takes the environment's publish
 * lock first (so publishers run one at a time and build on everything committed before), builds the
 * content, and inserts revision latest + 1 when the hash changed, with a NOTIFY delivered after
 * commit. Answers the new revision, or null when nothing changed or the runtime is pinned by a
 * rollback (the change stays saved and audited; resume publishes it).
 */
export async function publishRevision(
  scope: EnvironmentTransaction,
  auditEntryIds: readonly number[],
): Promise<PublishedRevision | null> {
  const { tx, environmentId } = scope;
  const started = performance.now();
  const state = await lockRuntimeState(tx, environmentId);
  let published: PublishedRevision | null = null;
  if (state.pinnedRevision === null) {
    const latest = await findLatestRevision(tx, environmentId);
    const built = await buildPublishedContent(scope, latest);
    published = await publishBuilt(scope, built, latest, { auditEntryIds });
    built.remember(published?.revision ?? latest!.revision);
  }
  if (publishTimings.hasSubscribers) {
    const timing: PublishTiming = {
      environmentId,
      seconds: (performance.now() - started) / 1000,
      isPublished: published !== null,
    };
    publishTimings.publish(timing);
  }
  return published;
}

/**
 * For each environment in which the transaction audited a change of what players
 * receive (AUDIT_RUNTIME_EFFECTS 'publish'), one revision naming every entry the transaction wrote
 * there. So a transfer or the "Update is not allowed" flow, one transaction, is one revision.
 */
async function publishAudited(tx: Tx, written: readonly WrittenAuditEntry[]): Promise<void> {
  const environments = [
    ...new Set(
      written
        .filter((entry) => isPublishingAuditAction(entry.action))
        .flatMap((entry) => (entry.environmentId === null ? [] : [entry.environmentId]))
        // Game servers never see a change request's branch: nothing is published for it
        .filter((environmentId) => parseBranchId(environmentId) === null),
    ),
  ].sort();
  for (const environmentId of environments) {
    const entries = written.filter((entry) => entry.environmentId === environmentId);
    const actor = { email: entries.at(-1)!.email };
    await publishRevision(
      inEnvironment({ tx, actor }, environmentId),
      entries.map((entry) => entry.id),
    );
  }
}

/**
 * Deletes, in each environment this transaction published in, the revisions older than the last
 * `kept` and the parts only they used (docs/decisions/0254), once its revisions are written.
 */
async function pruneRevisionsPublishedIn(tx: Tx, kept: number): Promise<void> {
  const latest = new Map<string, number>();
  for (const { environmentId, revision } of revisionsPublishedIn(tx))
    latest.set(environmentId, Math.max(revision, latest.get(environmentId) ?? 0));
  const sql = sqlOf(tx);
  for (const [environmentId, revision] of [...latest].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (revision > kept) await pruneRevisions(sql, environmentId, revision - kept + 1);
}

/**
 * The publish step of an app instance's (or a CLI run's) unit of work, which db/unit-of-work.ts runs
 * after writing a change's audit entries and the change's own steps (a rollback's revision): publishes
 * what the audited changes altered (publishAudited), then prunes every environment it or an earlier
 * step published in to the instance's retention (RUNTIME_REVISIONS_KEPT, at least its minimum).
 */
export function publishAuditedStep(retention: { revisionsKept: number }): AuditedStep {
  const kept = Math.max(retention.revisionsKept, RUNTIME_REVISIONS_KEPT.min);
  return async (tx, written) => {
    await publishAudited(tx, written);
    await pruneRevisionsPublishedIn(tx, kept);
  };
}

/**
 * Start-up: an environment without any revision (one that existed before revisions, or whose
 * creation predates this code) gets its first, published by the system. Others are left alone.
 */
export async function publishFirstRevision(tx: Tx, environmentId: string): Promise<PublishedRevision | null> {
  // A start over a database that has revisions writes nothing (not even the lock row's time).
  if ((await findLatestRevision(tx, environmentId)) !== null) return null;
  await lockRuntimeState(tx, environmentId);
  if ((await findLatestRevision(tx, environmentId)) !== null) return null;
  const scope = inEnvironment({ tx, actor: { email: SYSTEM_PUBLISHER } }, environmentId);
  const built = await buildPublishedContent(scope, null);
  const published = await publishBuilt(scope, built, null, { auditEntryIds: [] });
  built.remember(published!.revision);
  return published;
}
