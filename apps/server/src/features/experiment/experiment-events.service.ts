import { badInput } from '@console/domain/errors';
import { type EventsRequest, type EventsResponse, findEventTimeOutOfRange } from '@console/domain/runtime';
import type { RuntimeContext } from '../../context.ts';
import { isConcurrentUpdateError } from '../../db/transaction.ts';
import type { EventPartitions } from './event-partitions.ts';
import {
  dayOf,
  insertRawEventsAndExposures,
  recordMetricEvents,
  type StoredExposure,
  type StoredMetricEvent,
} from './experiment-events.store.ts';

/** Two batches updating the same day's sums in another order may deadlock: the loser is run again. */
const MAX_ATTEMPTS = 5;

/**
 * POST /runtime/v1/events: the batch in one transaction — raw events and exposures, then the metric
 * events (so a metric event finds its player's exposure from the same batch) — or nothing at all. An event
 * id stored before counts once: only the batch's new events change the statistics.
 */
export async function ingestEvents(
  ctx: RuntimeContext,
  partitions: EventPartitions,
  request: EventsRequest,
  now = Date.now(),
): Promise<EventsResponse> {
  const outOfRange = findEventTimeOutOfRange(request.events, now);
  if (outOfRange !== null) throw badInput(outOfRange);
  const exposures: StoredExposure[] = [];
  const metrics: StoredMetricEvent[] = [];
  const seen = new Set<string>();
  for (const event of request.events) {
    // an id sent twice in one batch is the same event, as across batches
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    if (event.type === 'exposure') exposures.push(event);
    else metrics.push({ ...event, value: event.value ?? 1 });
  }
  const received = request.events.length;
  if (seen.size === 0) return { received, stored: 0 };
  await partitions.ensure(new Set(request.events.map((event) => dayOf(event.at))));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.mutate(async ({ tx }) => {
        const { stored, newMetricIds } = await insertRawEventsAndExposures(
          tx,
          ctx.environmentId,
          exposures,
          metrics,
        );
        await recordMetricEvents(
          tx,
          ctx.environmentId,
          newMetricIds === null ? metrics : metrics.filter((metric) => newMetricIds.has(metric.id)),
        );
        return { received, stored };
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isConcurrentUpdateError(error)) throw error;
    }
  }
}
