import { analyseMetric, checkSampleRatio } from '@console/domain/statistics';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  createMetrics,
  createRuntimeKey,
  STANDARD_METRICS,
  sendEvents,
} from './experiment-events.test-helpers.ts';

const HOUR_MS = 60 * 60 * 1000;

interface CaseSpec {
  players: number;
  /** Players who purchase once, for `amount`, within the hour after exposure. */
  buyers: number;
  amount: number;
}

/** Exposes players in each case and sends their purchases and one session each. */
async function seedVersion(t: TestApp, key: string, abTestId: string, version: number, cases: CaseSpec[]) {
  const at = Date.now() - 2 * HOUR_MS;
  const events: unknown[] = [];
  cases.forEach((spec, caseIndex) => {
    for (let player = 0; player < spec.players; player += 1) {
      const userId = `${abTestId}-${version}-c${caseIndex}-p${player}`;
      events.push({ type: 'exposure', id: `${userId}-x`, userId, abTestId, version, caseIndex, at });
      events.push({ type: 'metric', id: `${userId}-s`, userId, event: 'session', at: at + 1000 });
      if (player < spec.buyers) {
        events.push({
          type: 'metric',
          id: `${userId}-b`,
          userId,
          event: 'purchase',
          value: spec.amount,
          at: at + 2000,
        });
      }
    }
  });
  // exposures first within each batch's order, as the SDK sends them
  for (let start = 0; start < events.length; start += 1000) {
    const response = await sendEvents(t, key, events.slice(start, start + 1000));
    expect(response.statusCode).toBe(200);
  }
}

describe('metrics (operators define what A/B-tests measure)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('admin@example.com');
  });
  const call = (path: string, body?: unknown) =>
    t.post(`/api/experiment/${path}?configuration=dev`, body, cookie);

  it('creates a metric, audited, and refuses its id again', async () => {
    const created = await call('metric/create', {
      id: 'd7',
      name: ' Purchase in 7 days ',
      kind: 'conversion',
      event: 'purchase',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().payload).toMatchObject({
      id: 'd7',
      name: 'Purchase in 7 days',
      conversionWindowDays: 7,
      denominatorEvent: null,
      higherIsBetter: true,
      guardrail: false,
      archived: false,
      lastModifier: 'admin@example.com',
    });
    expect((await t.auditEntries(cookie))[0]).toMatchObject({
      action: 'metric.create',
      target: 'd7',
      attributes: { kind: 'conversion', event: 'purchase', conversionWindowDays: 7 },
    });
    const again = await call('metric/create', { id: 'd7', name: 'x', kind: 'mean', event: 'session' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("Metric 'd7' already exists");
  });

  it.each([
    [{ kind: 'ratio' }, 'denominatorEvent: denominatorEvent is required for a ratio metric'],
    [
      { kind: 'mean', conversionWindowDays: 3 },
      'conversionWindowDays: conversionWindowDays is only for a conversion metric',
    ],
    [
      { kind: 'conversion', conversionWindowDays: 91 },
      'conversionWindowDays: conversionWindowDays must be a whole number from 1 to 90',
    ],
    [{ kind: 'median' }, "kind: kind must be 'conversion', 'mean', 'ratio' or 'revenue'"],
    [
      { kind: 'mean', event: 'has space' },
      "event: event may contain only letters, digits, '_', '-', '.' and ':'",
    ],
  ])('refuses %j with 400 naming the field, creating and auditing nothing', async (change, message) => {
    const before = (await t.auditEntries(cookie)).length;
    const response = await call('metric/create', { id: 'bad', name: 'Bad', event: 'purchase', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect((await t.auditEntries(cookie)).length).toBe(before);
    expect((await call('metric/get', { id: 'bad' })).statusCode).toBe(404);
  });

  it('saves name, direction and guardrail (what it measures stays), audited with before and after', async () => {
    await call('metric/create', { id: 'crash', name: 'Crashes', kind: 'mean', event: 'crash' });
    const saved = await call('metric/save', {
      id: 'crash',
      name: 'Crashes per player',
      higherIsBetter: false,
      guardrail: true,
    });
    expect(saved.json().payload).toMatchObject({
      name: 'Crashes per player',
      higherIsBetter: false,
      guardrail: true,
      kind: 'mean',
    });
    expect((await t.auditEntries(cookie))[0]).toMatchObject({
      action: 'metric.save',
      attributes: {
        before: { name: 'Crashes', higherIsBetter: true, guardrail: false },
        after: { name: 'Crashes per player', higherIsBetter: false, guardrail: true },
      },
    });
    expect((await call('metric/save', { id: 'nope', name: 'x' })).statusCode).toBe(404);
  });

  it('archives a metric out of the list (and back), writing nothing when it already is', async () => {
    await call('metric/create', { id: 'old', name: 'Old', kind: 'mean', event: 'session' });
    expect((await call('metric/archive', { id: 'old' })).json().payload.archived).toBe(true);
    const ids = async (body?: unknown) =>
      ((await call('metric/list', body)).json().payload as { id: string }[]).map((metric) => metric.id);
    expect(await ids()).not.toContain('old');
    expect(await ids({ includeArchived: true })).toContain('old');
    const entries = (await t.auditEntries(cookie)).length;
    expect((await call('metric/archive', { id: 'old', archived: true })).statusCode).toBe(200);
    expect((await t.auditEntries(cookie)).length).toBe(entries);
    expect((await call('metric/archive', { id: 'old', archived: false })).json().payload.archived).toBe(
      false,
    );
    expect((await t.auditEntries(cookie))[0]).toMatchObject({
      action: 'metric.archive',
      attributes: { archived: false },
    });
  });
});

describe('results of an A/B-test version', () => {
  let t: TestApp;
  let cookie: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('admin@example.com');
    key = await createRuntimeKey(t, cookie);
    await createMetrics(t, cookie, [...STANDARD_METRICS]);
    for (const id of ['duel', 'skewed', 'empty']) {
      expect((await t.post('/api/abtest/create?configuration=dev', { id, type: 0 }, cookie)).statusCode).toBe(
        200,
      );
      const version = await t.post(
        '/api/abtest/versions/save?configuration=dev',
        { id, weights: [500_000, 500_000] },
        cookie,
      );
      expect(version.json().payload.version).toBe(0);
    }
    await seedVersion(t, key, 'duel', 0, [
      { players: 200, buyers: 20, amount: 5 },
      { players: 200, buyers: 40, amount: 5 },
    ]);
    await seedVersion(t, key, 'skewed', 0, [
      { players: 300, buyers: 30, amount: 1 },
      { players: 200, buyers: 20, amount: 1 },
    ]);
  });
  const call = (path: string, body?: unknown) =>
    t.post(`/api/experiment/${path}?configuration=dev`, body, cookie);
  const resultsOf = async (body: unknown) => {
    const response = await call('results/get', body);
    expect(response.statusCode).toBe(200);
    return response.json().payload;
  };

  it("answers per case the exposed players and each metric as the statistics compute it from the version's sums", async () => {
    const results = await resultsOf({ abTestId: 'duel', version: 0 });
    expect(results).toMatchObject({
      version: 0,
      weights: [500_000, 500_000],
      players: 400,
      method: 'sequential',
    });
    expect(results.cases).toEqual([
      { caseIndex: 0, players: 200 },
      { caseIndex: 1, players: 200 },
    ]);
    expect(results.srm).toMatchObject({ pValue: 1, isMismatch: false, threshold: 0.001 });
    const conversion = results.metrics.find(
      (metric: { metric: { id: string } }) => metric.metric.id === 'converted',
    );
    // Sufficient statistics by hand: 20 and 40 buyers of 200 (a conversion's sum of squares is its sum)
    const expected = analyseMetric('conversion', [
      { n: 200, sum: 20, sumSquares: 20 },
      { n: 200, sum: 40, sumSquares: 40 },
    ]);
    expect(conversion.status).toBe('ok');
    expect(conversion.cases[0]).toMatchObject({ caseIndex: 0, players: 200, value: 0.1, change: null });
    expect(conversion.cases[1].value).toBeCloseTo(0.2, 10);
    expect(conversion.cases[1].change.relative).toBeCloseTo(1, 10);
    expect(conversion.cases[1].change.pValue).toBeCloseTo(expected.cases[1]!.comparison!.pValue, 10);
    expect(conversion.cases[1].change.interval.low).toBeCloseTo(
      expected.cases[1]!.comparison!.interval[0],
      10,
    );
    expect(conversion.cases[1].change.chanceToBeat).toBeCloseTo(
      expected.cases[1]!.comparison!.chanceToBeatControl,
      10,
    );
    expect(conversion.cases[1].change.chanceToBeat).toBeGreaterThan(0.95);
    const revenue = results.metrics.find(
      (metric: { metric: { id: string } }) => metric.metric.id === 'revenue',
    );
    expect(revenue.cases[1].value).toBeCloseTo(1, 10);
    const ratio = results.metrics.find(
      (metric: { metric: { id: string } }) => metric.metric.id === 'per-session',
    );
    expect(ratio.cases[0].value).toBeCloseTo(0.5, 10);
    expect(results.firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('widens the change interval when sequential, against the fixed-horizon switch', async () => {
    const sequential = await resultsOf({ abTestId: 'duel', version: 0 });
    const fixed = await resultsOf({ abTestId: 'duel', version: 0, method: 'fixed-horizon' });
    expect(fixed.method).toBe('fixed-horizon');
    expect(fixed.methodDescription).not.toBe(sequential.methodDescription);
    const width = (results: typeof fixed) => {
      const interval = results.metrics[0].cases[1].change.interval;
      return interval.high - interval.low;
    };
    expect(width(sequential)).toBeGreaterThan(width(fixed));
  });

  it('warns of a sample ratio mismatch when the split is off the weights', async () => {
    const results = await resultsOf({ abTestId: 'skewed', version: 0 });
    expect(results.version).toBe(0);
    expect(results.srm.isMismatch).toBe(true);
    expect(results.srm.pValue).toBeCloseTo(checkSampleRatio([300, 200], [1, 1]).pValue, 12);
  });

  it('answers an empty result for a version without events, every metric not enough data yet', async () => {
    const results = await resultsOf({ abTestId: 'empty', version: 0 });
    expect(results).toMatchObject({ players: 0, srm: { pValue: null, isMismatch: false }, firstDay: null });
    expect(results.metrics.map((metric: { status: string }) => metric.status)).toEqual(
      STANDARD_METRICS.map(() => 'not-enough-data'),
    );
    expect((await call('results/get', { abTestId: 'empty', version: 7 })).json().error).toBe(
      "AB-test 'empty' has no version 7",
    );
    expect((await call('results/get', { abTestId: 'ghost' })).statusCode).toBe(404);
  });

  it('records "Ship case 2" with the results it rested on, audited, and lists it', async () => {
    const decided = await call('results/decide', {
      abTestId: 'duel',
      version: 0,
      caseIndex: 1,
      note: 'twice the buyers',
    });
    expect(decided.statusCode).toBe(200);
    const decision = decided.json().payload;
    expect(decision).toMatchObject({
      abTestId: 'duel',
      version: 0,
      caseIndex: 1,
      decidedBy: 'admin@example.com',
    });
    expect(decision.result.players).toBe(400);
    expect((await t.auditEntries(cookie))[0]).toMatchObject({
      action: 'abtest.decision.record',
      target: 'duel',
      attributes: { decision: decision.id, version: 0, caseIndex: 1, note: 'twice the buyers' },
    });
    const listed = (await call('results/decisions', { abTestId: 'duel' })).json().payload;
    expect(listed).toEqual([decision]);
    const missing = await call('results/decide', { abTestId: 'duel', version: 0, caseIndex: 2 });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toContain('case 3 does not exist');
  });

  it('computes the same results from a SQL data source (here the console’s own tables, read-only)', async () => {
    const saved = await call('datasource/save', {
      url: t.databaseUrl,
      exposuresQuery:
        'SELECT case_index, sum(players) AS players FROM experiment_case_day WHERE ab_test_id = $1 AND version = $2 GROUP BY case_index',
      metricQueries: Object.fromEntries(
        STANDARD_METRICS.map((metric) => [
          metric.id,
          `SELECT case_index, sum(sum) AS sum, sum(sum_squares) AS sum_squares, sum(denominator_sum) AS denominator_sum,
                  sum(denominator_sum_squares) AS denominator_sum_squares, sum(product_sum) AS product_sum
             FROM experiment_metric_day WHERE ab_test_id = $1 AND version = $2 AND metric_id = '${metric.id}'
            GROUP BY case_index`,
        ]),
      ),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payload.url).not.toContain(new URL(t.databaseUrl).password || '\u0000');
    expect((await call('datasource/get')).json().payload.exposuresQuery).toContain('experiment_case_day');
    const fromEvents = await resultsOf({ abTestId: 'duel', version: 0 });
    const fromSql = await resultsOf({ abTestId: 'duel', version: 0, source: 'sql' });
    expect(fromSql.source).toBe('sql');
    expect(fromSql.metrics).toEqual(fromEvents.metrics);
    expect(fromSql.cases).toEqual(fromEvents.cases);

    // read-only: a query that writes is refused by the transaction, and the refusal names the query
    await call('datasource/save', {
      url: t.databaseUrl,
      exposuresQuery:
        "INSERT INTO experiment_case_day VALUES ('dev', $1, $2, 0, 0, 1) RETURNING case_index, players",
    });
    const refused = await call('results/get', { abTestId: 'duel', version: 0, source: 'sql' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe(
      'The SQL data source could not answer the exposures query (SQLSTATE 25006)',
    );
  });
});
