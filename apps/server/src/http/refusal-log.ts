import type { FastifyBaseLogger } from 'fastify';

// Refused requests (4xx, 503) are counted, and logged at most once per client per interval with the
// number left unlogged since: a flood of 429s (or of anything refused) cannot flood the log.

/** How long after logging a client's refusal its next ones are only counted. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;
/** Clients remembered at once; past this, refusals of new clients share one entry until some expire. */
const MAX_REMEMBERED_CLIENTS = 10_000;
const OTHER_CLIENTS = '(other clients)';

export interface Refusal {
  status: number;
  /** The client's address (or another name of who sent it). */
  client: string;
  /** What was refused, for the log: a route, or what limit was met. */
  reason: string;
}

/**
 * The refusal counter and its throttled log. `counts` (refusals answered since start, by status) is what
 * a metrics module reads: `[...counts]`, or `total`.
 */
export class RefusalLog {
  readonly counts = new Map<number, number>();
  total = 0;
  private readonly lastLogged = new Map<string, { at: number; unlogged: number }>();

  constructor(
    private readonly intervalMs = REFUSAL_LOG_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly maxClients = MAX_REMEMBERED_CLIENTS,
  ) {}

  refused(log: FastifyBaseLogger, refusal: Refusal): void {
    this.total += 1;
    this.counts.set(refusal.status, (this.counts.get(refusal.status) ?? 0) + 1);
    const at = this.now();
    const client = this.slotOf(refusal.client, at);
    const last = this.lastLogged.get(client);
    if (last && at - last.at < this.intervalMs) {
      last.unlogged += 1;
      return;
    }
    this.lastLogged.set(client, { at, unlogged: 0 });
    log.info(
      { ...refusal, client, unloggedSince: last?.unlogged ?? 0, intervalSeconds: this.intervalMs / 1000 },
      'request refused (at most one line per client per interval)',
    );
  }

  /** The client's own entry, or the shared one when too many clients are remembered. */
  private slotOf(client: string, at: number): string {
    if (this.lastLogged.has(client) || this.lastLogged.size < this.maxClients) return client;
    for (const [name, entry] of this.lastLogged) {
      if (at - entry.at >= this.intervalMs) this.lastLogged.delete(name);
    }
    return this.lastLogged.size < this.maxClients ? client : OTHER_CLIENTS;
  }
}
