import { EVENT_MAX_AGE_DAYS, EVENT_RETENTION_DAYS } from '@console/domain/runtime';
import type { Db } from '../../db/client.ts';
import {
  DAY_MS,
  dayOf,
  dropEventPartitionsBefore,
  ensureEventPartitions,
} from './experiment-events.store.ts';

// The raw events' day partitions (docs/decisions/0155): made on demand for
// the days a batch needs, with the day ahead, so that the first batch after midnight does not wait for
// one; dropped once older than EVENT_RETENTION_DAYS by a sweep at start and every few hours. The days
// this process knows exist are remembered, so a batch of known days asks the database nothing.

const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface EventPartitions {
  /** Makes sure the partitions of these days exist. */
  ensure(days: Iterable<number>): Promise<void>;
  /** Drops the days past the retention; answers how many partitions were dropped. */
  sweep(now?: number): Promise<number>;
  close(): void;
}

export function createEventPartitions(db: Db, { sweepEveryMs = SWEEP_INTERVAL_MS } = {}): EventPartitions {
  const known = new Set<number>();
  let pending: Promise<void> = Promise.resolve();

  const ensure = async (days: Iterable<number>) => {
    const missing = [...days].filter((day) => !known.has(day));
    if (missing.length === 0) return;
    // One creation at a time in this process; the owner's function locks across processes.
    const run = pending.then(async () => {
      const still = missing.filter((day) => !known.has(day));
      if (still.length === 0) return;
      const first = Math.min(...still);
      const last = Math.max(...still, dayOf(Date.now()) + 1);
      await ensureEventPartitions(db, first, last);
      for (let day = first; day <= last; day += 1) known.add(day);
    });
    pending = run.catch(() => {});
    await run;
  };

  const sweep = async (now = Date.now()) => {
    const before = dayOf(now) - EVENT_RETENTION_DAYS;
    const dropped = await dropEventPartitionsBefore(db, before);
    for (const day of known) if (day < before) known.delete(day);
    return dropped;
  };

  const timer = setInterval(() => {
    sweep().catch(() => {});
  }, sweepEveryMs);
  timer.unref();

  return {
    ensure,
    sweep,
    close: () => clearInterval(timer),
  };
}

/** The days a batch may write: from EVENT_MAX_AGE_DAYS ago to tomorrow (the events' accepted times). */
export const acceptedDays = (now: number) => ({
  first: dayOf(now - EVENT_MAX_AGE_DAYS * DAY_MS),
  last: dayOf(now) + 1,
});
