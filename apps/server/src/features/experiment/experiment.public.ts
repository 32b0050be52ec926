import type { EventsRequest } from '@console/domain/runtime';
import type { RuntimeContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { createEventPartitions } from './event-partitions.ts';
import { createEventRate } from './event-rate.ts';
import { ingestEvents } from './experiment-events.service.ts';

// What the game servers' API (features/delivery) uses of A/B-test results: taking in their events.

export interface EventIngestion {
  /** Stores a batch sent with the context's runtime key, in its environment (rate-bounded per key). */
  ingest(ctx: RuntimeContext, request: EventsRequest): Promise<{ received: number; stored: number }>;
  /** Drops the raw events past the retention now (also done every few hours). */
  sweep(now?: number): Promise<number>;
  close(): void;
}

export function createEventIngestion(
  db: Db,
  { perSecondPerKey }: { perSecondPerKey: number },
): EventIngestion {
  const partitions = createEventPartitions(db);
  const rate = createEventRate(perSecondPerKey);
  return {
    ingest(ctx, request) {
      rate.take(ctx.key.id, request.events.length);
      return ingestEvents(ctx, partitions, request);
    },
    sweep: (now) => partitions.sweep(now),
    close: () => partitions.close(),
  };
}
