import { EVENT_MAX_AGE_DAYS, EVENT_RETENTION_DAYS } from '@console/domain/runtime';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  DAY_MS,
  dayOf,
  dropEventPartitionsBefore,
  ensureEventPartitions,
  listEventPartitionDays,
} from './experiment-events.store.ts';
import {
  createMetrics,
  createRuntimeKey,
  STANDARD_METRICS,
  sendEvents,
} from './experiment-events.test-helpers.ts';
import { type MetricSums, readVersionStatistics } from './experiment-results.store.ts';

const HOUR_MS = 60 * 60 * 1000;

interface Exposure {
  type: 'exposure';
  id: string;
  userId: string;
  abTestId: string;
  version: number;
  caseIndex: number;
  at: number;
}
interface MetricEvent {
  type: 'metric';
  id: string;
  userId: string;
  event: string;
  value?: number;
  at: number;
}

/**
 * The statistics computed directly from every event at once, by the rules the incremental statistics
 * follow: a player's earliest exposure decides case and start; a metric event counts from that start (a
 * conversion only within its window); a player without events counts with value 0.
 */
function directStatistics(exposures: Exposure[], events: MetricEvent[]) {
  const first = new Map<string, Exposure>();
  for (const exposure of exposures) {
    const held = first.get(exposure.userId);
    if (!held || exposure.at < held.at) first.set(exposure.userId, exposure);
  }
  const players = new Map<number, number>();
  for (const exposure of first.values())
    players.set(exposure.caseIndex, (players.get(exposure.caseIndex) ?? 0) + 1);
  const metrics = new Map<string, Map<number, MetricSums>>();
  for (const metric of STANDARD_METRICS) {
    const byCase = new Map<number, MetricSums>();
    for (const [userId, exposure] of first) {
      const own = events.filter((event) => event.userId === userId && event.at >= exposure.at);
      const totalOf = (name: string) =>
        own.filter((event) => event.event === name).reduce((sum, event) => sum + (event.value ?? 1), 0);
      let value: number;
      let denominator = 0;
      if (metric.kind === 'conversion') {
        const end = exposure.at + metric.conversionWindowDays * DAY_MS;
        value = own.some((event) => event.event === metric.event && event.at < end) ? 1 : 0;
      } else {
        value = totalOf(metric.event);
        if (metric.kind === 'ratio') denominator = totalOf(metric.denominatorEvent);
      }
      const sums = byCase.get(exposure.caseIndex) ?? {
        sum: 0,
        sumSquares: 0,
        denominatorSum: 0,
        denominatorSumSquares: 0,
        productSum: 0,
      };
      sums.sum += value;
      sums.sumSquares += value * value;
      sums.denominatorSum += denominator;
      sums.denominatorSumSquares += denominator * denominator;
      sums.productSum += value * denominator;
      byCase.set(exposure.caseIndex, sums);
    }
    metrics.set(metric.id, byCase);
  }
  return { players, metrics };
}

describe('exposures and metric events in (POST /runtime/v1/events)', () => {
  let t: TestApp;
  let cookie: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('admin@example.com');
    key = await createRuntimeKey(t, cookie);
    await createMetrics(t, cookie, [...STANDARD_METRICS]);
  });

  const rawEventIds = async (prefix: string) =>
    (
      await t.app.db.$queryRaw<{ id: string }[]>`
        SELECT "event_id" AS "id" FROM "experiment_event" WHERE "event_id" LIKE ${`${prefix}%`} ORDER BY 1`
    ).map((row) => row.id);

  it('stores a batch once: sent again, nothing is stored twice and the statistics stay as they were', async () => {
    const at = Date.now() - HOUR_MS;
    const events = [
      { type: 'exposure', id: 'idem-x1', userId: 'p1', abTestId: 'idem', version: 1, caseIndex: 0, at },
      { type: 'exposure', id: 'idem-x2', userId: 'p2', abTestId: 'idem', version: 1, caseIndex: 1, at },
      { type: 'metric', id: 'idem-m1', userId: 'p2', event: 'purchase', value: 4.5, at: at + 1000 },
      { type: 'metric', id: 'idem-m2', userId: 'p2', event: 'session', at: at + 2000 },
    ];
    const first = await sendEvents(t, key, events);
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toEqual({ received: 4, stored: 4 });
    const before = await readVersionStatistics(t.app.db, 'dev', 'idem', 1);
    const again = await sendEvents(t, key, [...events, events[2]]);
    expect(again.json().payload).toEqual({ received: 5, stored: 0 });
    const after = await readVersionStatistics(t.app.db, 'dev', 'idem', 1);
    expect(after).toEqual(before);
    expect(after.players).toEqual(
      new Map([
        [0, 1],
        [1, 1],
      ]),
    );
    expect(after.metrics.get('revenue')?.get(1)).toMatchObject({ sum: 4.5, sumSquares: 20.25 });
    expect(after.metrics.get('per-session')?.get(1)).toMatchObject({ denominatorSum: 1, productSum: 4.5 });
    expect(await rawEventIds('idem-')).toEqual(['idem-m1', 'idem-m2', 'idem-x1', 'idem-x2']);
  });

  it.each([
    [{ userId: '' }, 'events.3.userId: userId must not be empty'],
    [{ caseIndex: -1 }, 'events.3.caseIndex: caseIndex must be a whole number from 0 to 99'],
    [{ type: 'click' }, "events.3.type: type must be 'exposure' or 'metric'"],
    [{ at: Date.now() - (EVENT_MAX_AGE_DAYS + 1) * DAY_MS }, 'events.3.at: at is more than 7 days ago'],
    [{ at: Date.now() + 2 * HOUR_MS }, "events.3.at: at is more than an hour ahead of the console's clock"],
    [{ colour: 'red' }, "events.3: unknown field 'colour'"],
  ])(
    'refuses a batch with a bad event (%j) with 400 naming it, storing none of the batch',
    async (change, message) => {
      const at = Date.now();
      const good = [0, 1, 2].map((index) => ({
        type: 'exposure',
        id: `bad-${index}`,
        userId: `p${index}`,
        abTestId: 'bad',
        version: 1,
        caseIndex: 0,
        at,
      }));
      const response = await sendEvents(t, key, [...good, { ...good[0], id: 'bad-3', ...change }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
      expect(await rawEventIds('bad-')).toEqual([]);
      expect((await readVersionStatistics(t.app.db, 'dev', 'bad', 1)).players.size).toBe(0);
    },
  );

  it('refuses more than 1,000 events, and a call without the runtime key', async () => {
    const event = { type: 'metric', id: 'x', userId: 'p', event: 'session', at: Date.now() };
    const tooMany = await sendEvents(
      t,
      key,
      Array.from({ length: 1001 }, () => event),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('events: events must have at most 1000 items');
    const unauthenticated = await sendEvents(t, 'rk_unknown', [event]);
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('routes events on both sides of midnight UTC to their own day partitions, and makes the next day ahead', async () => {
    const midnight = dayOf(Date.now()) * DAY_MS;
    const response = await sendEvents(t, key, [
      { type: 'metric', id: 'night-1', userId: 'p', event: 'session', at: midnight - 1 },
      { type: 'metric', id: 'night-2', userId: 'p', event: 'session', at: midnight },
    ]);
    expect(response.statusCode).toBe(200);
    const rows = await t.app.db.$queryRaw<{ partition: string; id: string }[]>`
      SELECT tableoid::regclass::text AS "partition", "event_id" AS "id" FROM "experiment_event"
       WHERE "event_id" LIKE 'night-%' ORDER BY "event_id"`;
    const today = dayOf(midnight);
    expect(rows).toEqual([
      { partition: `experiment_event_d${today - 1}`, id: 'night-1' },
      { partition: `experiment_event_d${today}`, id: 'night-2' },
    ]);
    expect(await listEventPartitionDays(t.app.db)).toContain(today + 1);
  });

  it('drops the day partitions past the retention through the owner’s function (the serving role owns none)', async () => {
    const today = dayOf(Date.now());
    const old = today - EVENT_RETENTION_DAYS - 3;
    expect(await ensureEventPartitions(t.app.db, old, old + 1)).toBe(2);
    expect(await listEventPartitionDays(t.app.db)).toEqual(expect.arrayContaining([old, old + 1]));
    expect(await dropEventPartitionsBefore(t.app.db, today - EVENT_RETENTION_DAYS)).toBe(2);
    const left = await listEventPartitionDays(t.app.db);
    expect(left).not.toContain(old);
    expect(left).toContain(today);
  });

  it('keeps the statistics exact when batches about the same players arrive at once', async () => {
    const at = Date.now() - HOUR_MS;
    const exposures: Exposure[] = Array.from({ length: 40 }, (_, index) => ({
      type: 'exposure',
      id: `race-x${index}`,
      userId: `race-p${index}`,
      abTestId: 'race',
      version: 1,
      caseIndex: index % 2,
      at,
    }));
    expect((await sendEvents(t, key, exposures)).statusCode).toBe(200);
    // eight batches at once, each a purchase and a session of every player
    const batches = Array.from({ length: 8 }, (_, batch) =>
      exposures.flatMap((exposure, index): MetricEvent[] => [
        {
          type: 'metric',
          id: `race-b${batch}-p${index}`,
          userId: exposure.userId,
          event: 'purchase',
          value: batch + 1,
          at: at + 1000,
        },
        {
          type: 'metric',
          id: `race-s${batch}-p${index}`,
          userId: exposure.userId,
          event: 'session',
          at: at + 2000,
        },
      ]),
    );
    const answers = await Promise.all(batches.map((batch) => sendEvents(t, key, batch)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(batches.map(() => 200));
    const stored = await readVersionStatistics(t.app.db, 'dev', 'race', 1);
    const direct = directStatistics(exposures, batches.flat());
    for (const metric of STANDARD_METRICS)
      for (const [caseIndex, expected] of direct.metrics.get(metric.id)!)
        expect(stored.metrics.get(metric.id)?.get(caseIndex)).toEqual(expected);
  });

  it('counts nothing for an archived metric while it is archived', async () => {
    await createMetrics(t, cookie, [{ id: 'paused', name: 'Paused', kind: 'mean', event: 'pause-event' }]);
    const at = Date.now() - HOUR_MS;
    await sendEvents(t, key, [
      {
        type: 'exposure',
        id: 'paused-x',
        userId: 'paused-p',
        abTestId: 'paused',
        version: 1,
        caseIndex: 0,
        at,
      },
      { type: 'metric', id: 'paused-1', userId: 'paused-p', event: 'pause-event', value: 2, at: at + 1 },
    ]);
    await t.post('/api/experiment/metric/archive?configuration=dev', { id: 'paused' }, cookie);
    await sendEvents(t, key, [
      { type: 'metric', id: 'paused-2', userId: 'paused-p', event: 'pause-event', value: 5, at: at + 2 },
    ]);
    const stored = await readVersionStatistics(t.app.db, 'dev', 'paused', 1);
    expect(stored.metrics.get('paused')?.get(0)).toMatchObject({ sum: 2, sumSquares: 4 });
  });

  it('gives a metric created while batches arrive, or restored from the archive, the sums it would have had all along', async () => {
    const at = Date.now() - HOUR_MS;
    const players = Array.from({ length: 30 }, (_, index) => `late-p${index}`);
    const exposures = players.map((userId, index) => ({
      type: 'exposure',
      id: `late-x${index}`,
      userId,
      abTestId: 'late',
      version: 1,
      caseIndex: index % 2,
      at,
    }));
    const batch = (tag: string, value: number) =>
      players.flatMap((userId, index) => [
        { type: 'metric', id: `late-${tag}-b${index}`, userId, event: 'purchase', value, at: at + 1000 },
        ...(index % 3 === 0
          ? []
          : [{ type: 'metric', id: `late-${tag}-s${index}`, userId, event: 'session', at: at + 2000 }]),
      ]);
    expect((await sendEvents(t, key, [...exposures, ...batch('first', 2)])).statusCode).toBe(200);
    // the same definitions as three standard metrics, created while four batches are in flight
    const copies = STANDARD_METRICS.filter((metric) => metric.id !== 'sessions').map((metric) => ({
      ...metric,
      id: `late-${metric.id}`,
    }));
    const sent = await Promise.all([
      ...[1, 2].map((index) => sendEvents(t, key, batch(`during${index}`, index + 2))),
      createMetrics(t, cookie, copies),
      ...[3, 4].map((index) => sendEvents(t, key, batch(`during${index}`, index + 2))),
    ]);
    expect(sent.filter((answer) => answer !== undefined).map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 200,
    ]);
    const expectCopiesEqualTheStandard = async () => {
      const stored = await readVersionStatistics(t.app.db, 'dev', 'late', 1);
      for (const copy of copies)
        for (const caseIndex of [0, 1]) {
          const standard = stored.metrics.get(copy.id.slice('late-'.length))!.get(caseIndex)!;
          const late = stored.metrics.get(copy.id)?.get(caseIndex);
          for (const field of Object.keys(standard) as (keyof MetricSums)[])
            expect(late?.[field]).toBeCloseTo(standard[field], 6);
        }
      return stored;
    };
    const stored = await expectCopiesEqualTheStandard();
    expect(stored.metrics.get('late-revenue')?.get(0)?.sum).toBe(15 * (2 + 3 + 4 + 5 + 6));

    await t.post('/api/experiment/metric/archive?configuration=dev', { id: 'late-revenue' }, cookie);
    expect((await sendEvents(t, key, batch('archived', 10))).statusCode).toBe(200);
    expect(
      (await readVersionStatistics(t.app.db, 'dev', 'late', 1)).metrics.get('late-revenue')?.get(0)?.sum,
    ).toBe(15 * (2 + 3 + 4 + 5 + 6));
    const restored = await t.post(
      '/api/experiment/metric/archive?configuration=dev',
      { id: 'late-revenue', archived: false },
      cookie,
    );
    expect(restored.statusCode).toBe(200);
    expect((await expectCopiesEqualTheStandard()).metrics.get('late-revenue')?.get(0)?.sum).toBe(
      15 * (2 + 3 + 4 + 5 + 6 + 10),
    );
    for (const copy of copies)
      await t.post('/api/experiment/metric/archive?configuration=dev', { id: copy.id }, cookie);
  });

  it('keeps incremental statistics equal to a direct computation over every event (property)', async () => {
    const base = Date.now() - 5.5 * DAY_MS;
    let run = 0;
    const player = fc.record({
      caseIndex: fc.integer({ min: 0, max: 1 }),
      exposedAfter: fc.integer({ min: 0, max: 12 * HOUR_MS }),
      /** a second exposure later, in another case: the first one holds */
      isExposedTwice: fc.boolean(),
    });
    const metricEvent = fc.record({
      player: fc.nat(),
      event: fc.constantFrom('purchase', 'session', 'other'),
      value: fc.option(
        fc.integer({ min: -500, max: 5000 }).map((cents) => cents / 100),
        { nil: undefined },
      ),
      offset: fc.integer({ min: -12 * HOUR_MS, max: 5 * DAY_MS }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(player, { minLength: 1, maxLength: 8 }),
        fc.array(metricEvent, { maxLength: 40 }),
        fc.integer({ min: 1, max: 15 }),
        async (players, metricEvents, chunk) => {
          run += 1;
          const abTestId = `prop-${run}`;
          const exposures: Exposure[] = players.flatMap((drawn, index) => {
            const first: Exposure = {
              type: 'exposure',
              id: `${abTestId}-x${index}`,
              userId: `${abTestId}-p${index}`,
              abTestId,
              version: 1,
              caseIndex: drawn.caseIndex,
              at: base + drawn.exposedAfter,
            };
            return drawn.isExposedTwice
              ? [
                  first,
                  { ...first, id: `${first.id}b`, caseIndex: 1 - drawn.caseIndex, at: first.at + HOUR_MS },
                ]
              : [first];
          });
          const events: MetricEvent[] = metricEvents.map((drawn, index) => {
            const owner = players.length === 0 ? 0 : drawn.player % players.length;
            return {
              type: 'metric',
              id: `${abTestId}-m${index}`,
              userId: `${abTestId}-p${owner}`,
              event: drawn.event,
              ...(drawn.value === undefined ? {} : { value: drawn.value }),
              at: base + players[owner]!.exposedAfter + drawn.offset,
            };
          });
          expect((await sendEvents(t, key, exposures)).statusCode).toBe(200);
          for (let start = 0; start < events.length; start += chunk) {
            const batch = events.slice(start, start + chunk);
            expect((await sendEvents(t, key, batch)).statusCode).toBe(200);
            // a retried batch (the SDK's after a timeout) changes nothing
            if (start === 0) expect((await sendEvents(t, key, batch)).json().payload.stored).toBe(0);
          }
          const stored = await readVersionStatistics(t.app.db, 'dev', abTestId, 1);
          const direct = directStatistics(exposures, events);
          expect(stored.players).toEqual(direct.players);
          for (const metric of STANDARD_METRICS) {
            for (const [caseIndex, expected] of direct.metrics.get(metric.id) ??
              new Map<number, MetricSums>()) {
              const actual = stored.metrics.get(metric.id)?.get(caseIndex) ?? {
                sum: 0,
                sumSquares: 0,
                denominatorSum: 0,
                denominatorSumSquares: 0,
                productSum: 0,
              };
              for (const field of Object.keys(expected) as (keyof MetricSums)[]) {
                expect(actual[field]).toBeCloseTo(expected[field], 6);
              }
            }
          }
        },
      ),
      { numRuns: 12, seed: 3704 },
    );
  });
});

describe('the events rate per runtime key', () => {
  it('refuses a batch beyond the key’s events a second with 429, storing none of it', async () => {
    const t = await createTestApp({ RUNTIME_EVENTS_PER_SECOND_PER_KEY: '5' });
    const cookie = await t.login('admin@example.com');
    const key = await createRuntimeKey(t, cookie);
    const events = Array.from({ length: 6 }, (_, index) => ({
      type: 'metric',
      id: `rate-${index}`,
      userId: 'p',
      event: 'session',
      at: Date.now(),
    }));
    const response = await sendEvents(t, key, events);
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toContain('more than 5 events a second');
    const stored = await t.app.db.$queryRaw<
      { count: bigint }[]
    >`SELECT count(*) AS "count" FROM "experiment_event"`;
    expect(stored[0]!.count).toBe(0n);
    expect((await sendEvents(t, key, events.slice(0, 5))).statusCode).toBe(200);
  });
});
