import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  RUNTIME_REPLAY_REVISIONS,
  RUNTIME_REVISION_EVENT,
  type RuntimeContent,
  type RuntimeRevisionEvent,
  type RuntimeSnapshot,
} from '@console/domain/runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  findLatestRevisionNumbers,
  listStoredRevisionsAfter,
  parseRevisionNotification,
  type StoredRevision,
} from '../publishing/publishing.public.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One environment's current revision, ready to answer any runtime request without work. */
export interface ServedRevision {
  environmentId: string;
  revision: number;
  hash: string;
  content: RuntimeContent;
  /** `{"payload": snapshot}`, serialised once; gzip and br copies when they are smaller. */
  body: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
  /** One ETag per representation (RFC 9110: a strong validator differs per content coding). */
  etag: string;
  etagGzip: string;
  etagBrotli: string;
  /** The stream's reset event for this revision: for a client whose revision the history does not hold. */
  resetEvent: string;
}

/** One revision's change event of the stream, as sent. */
export interface RevisionEventFrame {
  revision: number;
  text: string;
}

export type DescribeChanges = (
  previous: RuntimeContent,
  next: RuntimeContent,
) => RuntimeRevisionEvent['changed'];

export interface RuntimeCacheOptions {
  /** What changed between two revisions' contents, as the stream's events carry it. */
  describeChanges: DescribeChanges;
  /** After a failed read, everything is checked again this much later, until a read succeeds. */
  retryMs?: number;
}

/** A failed read (database unreachable, or its pool refusing at once for a moment) is retried this soon. */
export const RUNTIME_RETRY_MS = 1_000;

type RevisionListener = (served: ServedRevision) => void;

function revisionFrame(data: RuntimeRevisionEvent): string {
  return `id: ${data.revision}\nevent: ${RUNTIME_REVISION_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
}

async function serve(published: StoredRevision): Promise<ServedRevision> {
  const { environmentId, revision, hash, content } = published;
  const snapshot: RuntimeSnapshot = {
    environment: environmentId,
    revision,
    hash,
    publishedAt: published.created.toISOString(),
    publishedBy: published.createdBy,
    content,
  };
  const body = Buffer.from(JSON.stringify({ payload: snapshot }));
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body),
    brotliAsync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 8, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ]);
  const tag = `${environmentId}.${revision}.${hash.slice(0, 16)}`;
  return {
    environmentId,
    revision,
    hash,
    content,
    body,
    gzip: gzipped.length < body.length ? gzipped : null,
    brotli: brotli.length < body.length ? brotli : null,
    etag: `"${tag}"`,
    etagGzip: `"${tag}.gz"`,
    etagBrotli: `"${tag}.br"`,
    resetEvent: revisionFrame({
      revision,
      hash,
      previousRevision: null,
      changed: null,
      everythingChanged: true,
    }),
  };
}

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
        // Every revision since the served one (the newest ones past the history's reach), so the stream
        // can replay each one's changes; one more than the history holds, as the base of the first diff.
        const published = await listStoredRevisionsAfter(
          this.db,
          environmentId,
          current?.revision ?? 0,
          RUNTIME_REPLAY_REVISIONS + 1,
        );
        const latest = published.at(-1);
        if (latest && latest.revision > (this.served.get(environmentId)?.revision ?? 0)) {
          this.adopt(await serve(latest), this.changeEvents(environmentId, published));
        }
        this.recovered();
      } catch (error) {
        this.failed(error);
      }
    }
  }

  /**
   * The change events of `published` (ascending, contiguous): each against the revision before it,
   * which is the served one for the first when it directly follows it, else the first is only the base.
   */
  private changeEvents(environmentId: string, published: StoredRevision[]): RevisionEventFrame[] {
    const current = this.served.get(environmentId);
    let previous = current && current.revision + 1 === published[0]?.revision ? current.content : null;
    const events: RevisionEventFrame[] = [];
    for (const { revision, hash, content } of published) {
      if (previous !== null) {
        const changed = this.options.describeChanges(previous, content);
        const data = { revision, hash, previousRevision: revision - 1, changed, everythingChanged: false };
        events.push({ revision, text: revisionFrame(data) });
      }
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
