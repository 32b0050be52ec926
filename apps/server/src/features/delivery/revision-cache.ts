import {
  RUNTIME_REPLAY_REVISIONS,
  type RuntimeContent,
  type RuntimeRevisionEvent,
} from '@console/domain/runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  findLatestRevisionNumbers,
  listRevisionManifestsAfter,
  listStoredRevisionsAfter,
  parseRevisionNotification,
  type StoredRevision,
} from '../publishing/publishing.public.ts';
import { type DescribeChanges, ServedContent } from './served-content.ts';
import { revisionFrame, type ServedRevision, serveRevision, wholeBodyOf } from './served-revision.ts';

export type { DescribeChanges } from './served-content.ts';
export type { ContentCoding, ServedRevision } from './served-revision.ts';

/** One revision's change event of the stream, as sent. */
export interface RevisionEventFrame {
  revision: number;
  text: string;
}

export interface RuntimeCacheOptions {
  /**
   * What changed between two revisions' contents, as the stream's events carry it. Given only the items
   * that differ (and the plugins naming them): it must judge items by their content, as changedParts does.
   */
  describeChanges: DescribeChanges;
  /** After a failed read, everything is checked again this much later, until a read succeeds. */
  retryMs?: number;
  /** Every revision read whole, as before parts were held (the benchmark's baseline). */
  readsWhole?: boolean;
}

/** A failed read (database unreachable, or its pool refusing at once for a moment) is retried this soon. */
export const RUNTIME_RETRY_MS = 1_000;

type RevisionListener = (served: ServedRevision) => void;

const frameOf = (revision: number, hash: string, changed: RuntimeRevisionEvent['changed']) => ({
  revision,
  text: revisionFrame({ revision, hash, previousRevision: revision - 1, changed, everythingChanged: false }),
});

/**
 * Every environment's current revision in memory, so runtime reads never touch the database
 * and keep being answered while it is unreachable. Refreshed by the `runtime_revision` NOTIFY, by a
 * periodic check of the latest revision numbers and after the listener reconnects (delivery.plugin.ts).
 * A revision is only ever replaced by a higher one.
 */
export class RuntimeCache {
  private readonly served = new Map<string, ServedRevision>();
  /** Per environment the change events of the latest revisions, oldest first, ending at the served one. */
  private readonly history = new Map<string, RevisionEventFrame[]>();
  private readonly wanted = new Map<string, number>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Map<string, Set<RevisionListener>>();
  /** Per environment the parts of the served revision, when they were read as parts. */
  private readonly contents = new Map<string, ServedContent>();
  /** Environments whose last read failed: their next read is whole, as before parts were held. */
  private readonly readsWhole = new Set<string>();
  private hasChecked = false;
  private isFailing = false;
  private isStopped = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: RuntimeCacheOptions,
  ) {}

  /** The environment's current revision in this process, if it has one. */
  get(environmentId: string): ServedRevision | undefined {
    return this.served.get(environmentId);
  }

  /**
   * The change events of the environment's revisions after `revision`, oldest first (empty when it is
   * the served one); null when the kept history does not reach back to it, or it is not known here.
   */
  eventsAfter(environmentId: string, revision: number): readonly RevisionEventFrame[] | null {
    const served = this.served.get(environmentId);
    if (!served || revision > served.revision || revision < 1) return null;
    if (revision === served.revision) return [];
    const events = this.history.get(environmentId) ?? [];
    const first = events[0]?.revision;
    if (first === undefined || first > revision + 1) return null;
    return events.slice(revision + 1 - first);
  }

  /** Every environment's current revision in this process (for metrics). */
  servedRevisions(): IterableIterator<ServedRevision> {
    return this.served.values();
  }

  /** Whether the revisions were read from the database at least once (start-up may find it down). */
  get isLoaded(): boolean {
    return this.hasChecked;
  }

  /** Calls `listener` with each revision this process adopts for the environment. */
  subscribe(environmentId: string, listener: RevisionListener): () => void {
    let set = this.listeners.get(environmentId);
    if (!set) {
      set = new Set();
      this.listeners.set(environmentId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(environmentId) === set) this.listeners.delete(environmentId);
    };
  }

  /** Reads every environment's latest revision number and loads those newer than what is served. */
  async checkLatest(): Promise<void> {
    let latest: Map<string, number>;
    try {
      latest = await findLatestRevisionNumbers(this.db);
    } catch (error) {
      this.failed(error);
      return;
    }
    this.recovered();
    await Promise.all([...latest].map(([environmentId, revision]) => this.want(environmentId, revision)));
    this.hasChecked = true;
  }

  /** A `runtime_revision` notification: `{"environmentId": "dev", "revision": 7}`. */
  notified(payload: string): Promise<void> {
    const notification = parseRevisionNotification(payload);
    if (!notification) {
      this.log.warn({ payload }, 'runtime_revision notification not understood; checking every environment');
      return this.checkLatest();
    }
    return this.want(notification.environmentId, notification.revision);
  }

  /** Loads the environment's latest revision unless `revision` is already served; one load at a time. */
  private want(environmentId: string, revision: number): Promise<void> {
    if (revision <= (this.served.get(environmentId)?.revision ?? 0)) return Promise.resolve();
    this.wanted.set(environmentId, Math.max(revision, this.wanted.get(environmentId) ?? 0));
    let loading = this.loading.get(environmentId);
    if (!loading) {
      loading = this.loadWhileWanted(environmentId).finally(() => this.loading.delete(environmentId));
      this.loading.set(environmentId, loading);
    }
    return loading;
  }

  private async loadWhileWanted(environmentId: string): Promise<void> {
    for (;;) {
      const wanted = this.wanted.get(environmentId);
      if (wanted === undefined) return;
      this.wanted.delete(environmentId);
      const current = this.served.get(environmentId);
      if (wanted <= (current?.revision ?? 0)) continue;
      try {
        if (this.options.readsWhole || this.readsWhole.has(environmentId)) {
          await this.loadWhole(environmentId, current);
        } else await this.loadChanged(environmentId, current);
        this.readsWhole.delete(environmentId);
        this.recovered();
      } catch (error) {
        // What was half read is forgotten: the next read is whole, and the one after starts holding again.
        this.contents.delete(environmentId);
        this.readsWhole.add(environmentId);
        this.failed(error);
      }
    }
  }

  /**
   * Every revision since the served one (the newest ones past the history's reach), so the stream can
   * replay each one's changes; one more than the history holds, as the base of the first diff. Read as
   * manifests, and only the parts this process does not hold (served-content.ts); without held parts for
   * the served revision, its manifest is read too, as the base.
   */
  private async loadChanged(environmentId: string, current: ServedRevision | undefined): Promise<void> {
    let content = this.contents.get(environmentId);
    if (content !== undefined && content.revision !== current?.revision) content = undefined;
    const hasBase = content !== undefined || current === undefined;
    const limit = RUNTIME_REPLAY_REVISIONS + (hasBase ? 1 : 2);
    const after = hasBase ? (current?.revision ?? 0) : current!.revision - 1;
    const rows = await listRevisionManifestsAfter(this.db, environmentId, after, limit);
    if (!hasBase && rows[0]?.revision === current!.revision + 1 && rows.length < limit) {
      // The served revision is no longer stored, yet the next one follows it: its changes need the whole.
      await this.loadWhole(environmentId, current);
      return;
    }
    content ??= new ServedContent(environmentId, this.options.describeChanges);
    const followed = await content.follow(this.db, rows);
    if (followed === null) return;
    const latest = followed.revisions.at(-1)?.row;
    if (latest && latest.revision > (this.served.get(environmentId)?.revision ?? 0)) {
      const events = followed.revisions.flatMap(({ row, changed }) =>
        changed === null ? [] : [frameOf(row.revision, row.hash, changed)],
      );
      this.adopt(serveRevision(latest, followed.content, followed.body), events);
    }
    if (content.revision === this.served.get(environmentId)?.revision)
      this.contents.set(environmentId, content);
    else this.contents.delete(environmentId);
  }

  /** The revisions since the served one read whole: every part, parsed, serialised and compared whole. */
  private async loadWhole(environmentId: string, current: ServedRevision | undefined): Promise<void> {
    this.contents.delete(environmentId);
    const published = await listStoredRevisionsAfter(
      this.db,
      environmentId,
      current?.revision ?? 0,
      RUNTIME_REPLAY_REVISIONS + 1,
    );
    const latest = published.at(-1);
    if (latest && latest.revision > (this.served.get(environmentId)?.revision ?? 0)) {
      const served = serveRevision(latest, latest.content, wholeBodyOf(latest, latest.content));
      this.adopt(served, this.changeEvents(environmentId, published));
    }
  }

  /**
   * The change events of `published` (ascending, contiguous): each against the revision before it,
   * which is the served one for the first when it directly follows it, else the first is only the base.
   */
  private changeEvents(environmentId: string, published: StoredRevision[]): RevisionEventFrame[] {
    const current = this.served.get(environmentId);
    let previous: RuntimeContent | null =
      current && current.revision + 1 === published[0]?.revision ? current.content : null;
    const events: RevisionEventFrame[] = [];
    for (const { revision, hash, content } of published) {
      if (previous !== null)
        events.push(frameOf(revision, hash, this.options.describeChanges(previous, content)));
      previous = content;
    }
    return events;
  }

  private adopt(served: ServedRevision, events: RevisionEventFrame[]): void {
    const { environmentId } = served;
    const current = this.served.get(environmentId);
    if (current && current.revision >= served.revision) return;
    const kept = this.history.get(environmentId) ?? [];
    const continues = events.length > 0 && kept.at(-1)?.revision === events[0]!.revision - 1;
    this.history.set(
      environmentId,
      (continues ? [...kept, ...events] : events).slice(-RUNTIME_REPLAY_REVISIONS),
    );
    this.served.set(environmentId, served);
    for (const listener of this.listeners.get(environmentId) ?? []) listener(served);
  }

  /** No more retries (the app is closing). */
  stop(): void {
    this.isStopped = true;
    clearTimeout(this.retryTimer);
  }

  private failed(error: unknown): void {
    // Once per outage: the retries would otherwise log every second.
    if (!this.isFailing)
      this.log.warn({ err: error }, 'runtime revisions cannot be read; serving the last ones');
    this.isFailing = true;
    // A read that failed (the catch-up after a reconnect, a notified load) is not left to the next
    // periodic check, which may be far away: everything is checked again soon, until it succeeds.
    if (this.retryTimer || this.isStopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.checkLatest();
    }, this.options.retryMs ?? RUNTIME_RETRY_MS);
    this.retryTimer.unref();
  }

  private recovered(): void {
    if (this.isFailing) this.log.info('runtime revisions can be read again');
    this.isFailing = false;
  }
}
