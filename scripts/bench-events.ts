// A/B-test results under load: events ingested per second through POST /runtime/v1/events (runtime key,
// zod, rate bound, one transaction of two multi-row statements per batch) against a bare Fastify route
// storing the same batches with the same ingestion (no key, no schema, no rate bound), and against the
// ceiling: a bare route storing only the raw events (the batch's one INSERT, no statistics), each loaded
// from a child process at CONCURRENCY requests in flight, in rounds so each ratio compares neighbouring
// runs (goal: ≥ 20,000 events/s for the console). Then the results endpoint's latency for a version with
// 1,000,000 exposed players and 10 metrics (its sufficient statistics seeded directly, 30 days × 2 cases),
// against GET /healthz in the same run; and what exposure sending adds to the SDK's resolve().
// Run: cd apps/server && npx tsx ../../scripts/bench-events.ts
//   BENCH_SECONDS (per load, default 4), BENCH_ROUNDS (default 2), BENCH_ONLY (ingest | results | sdk)
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import type { EventsRequest } from '@console/domain/runtime';
import {
  buildTestApp,
  cloneDatabase,
  createEventIngestion,
  createTemplateDatabase,
  insertRuntimeRevision,
  makeRuntimeContent,
  startTestPostgres,
  testRuntimeContext,
} from '@console/server/testing';
import Fastify from 'fastify';
import pg from 'pg';
import { createRuntimeClient } from '../packages/runtime-client/src/index.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ONLY = process.env.BENCH_ONLY ?? '';
const CONCURRENCY = 4;
const BATCH = 1000;
/** Of each batch: new players exposed, the rest their metric events. */
const EXPOSURES_PER_BATCH = 250;
const TARGET_EVENTS_PER_SECOND = 20_000;
const METRICS = 10;
const RESULTS_CALLS = 300;

/** A batch of fresh events: `tag` keeps ids and players apart between loads and batches. */
function makeBatch(tag: string, at: number): EventsRequest {
  const events: EventsRequest['events'] = [];
  for (let index = 0; index < EXPOSURES_PER_BATCH; index += 1) {
    events.push({
      type: 'exposure',
      id: `${tag}-x${index}`,
      userId: `${tag}-p${index}`,
      abTestId: 'bench-test',
      version: 0,
      caseIndex: index % 2,
      at,
    });
  }
  for (let index = 0; events.length < BATCH; index += 1) {
    const player = index % EXPOSURES_PER_BATCH;
    const isPurchase = index % 3 === 0;
    events.push({
      type: 'metric',
      id: `${tag}-m${index}`,
      userId: `${tag}-p${player}`,
      event: isPurchase ? 'purchase' : 'session',
      ...(isPurchase ? { value: 1 + (index % 7) } : {}),
      at: at + 1000,
    });
  }
  return { events };
}

// The child: CONCURRENCY loops posting fresh batches for SECONDS; prints {batches, events, failures, seconds}.
if (process.argv[2] === '--load') {
  const { url, key, tag } = JSON.parse(process.argv[3]!) as { url: string; key?: string; tag: string };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  const at = Date.now() - 60_000;
  let sequence = 0;
  let batches = 0;
  let failures = 0;
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        sequence += 1;
        const body = JSON.stringify(makeBatch(`${tag}-${sequence}`, at));
        const response = await fetch(url, { method: 'POST', headers, body });
        await response.arrayBuffer();
        if (response.status === 200) batches += 1;
        else failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  process.stdout.write(JSON.stringify({ batches, events: batches * BATCH, failures, seconds }));
  process.exit(0);
}

interface LoadResult {
  batches: number;
  events: number;
  failures: number;
  seconds: number;
}

/**
 * CPU seconds each of the database's processes has used (Linux's /proc; none elsewhere): with the server's
 * own process.cpuUsage(), the CPU a load cost per event, which the other processes on the machine change
 * less than they change the rate.
 */
async function databaseCpuSeconds(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity');
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the process ended, or there is no /proc
    }
  }
  return seconds;
}

/** A load's rate and the CPU (this process and the database's) it cost per event, in microseconds. */
async function measureLoad(options: { url: string; key?: string; tag: string }) {
  const cpuBefore = process.cpuUsage();
  const databaseBefore = await databaseCpuSeconds(rawPool);
  const run = await loadFromChild(options);
  const server = process.cpuUsage(cpuBefore);
  let database = 0;
  // a process that ended meanwhile is not counted; one that started counts from 0
  for (const [pid, seconds] of await databaseCpuSeconds(rawPool))
    database += seconds - (databaseBefore.get(pid) ?? 0);
  const perEvent = (seconds: number) => (seconds * 1e6) / Math.max(1, run.events);
  const serverMicros = perEvent((server.user + server.system) / 1e6);
  const databaseMicros = perEvent(database);
  return {
    ...run,
    rate: run.events / run.seconds,
    cpuMicros: serverMicros + databaseMicros,
    serverMicros,
    databaseMicros,
  };
}

function loadFromChild(options: { url: string; key?: string; tag: string }): Promise<LoadResult> {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), '--load', JSON.stringify(options)];
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { env: process.env, maxBuffer: 1 << 20 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as LoadResult),
    ),
  );
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const server = await startTestPostgres();
const template = await createTemplateDatabase(server);
const database = await cloneDatabase(server.adminUrl, template, server.prefix);
const app = await buildTestApp(database.url, {
  ADMIN_EMAILS: 'bench@example.com',
  RUNTIME_EVENTS_PER_SECOND_PER_KEY: '10000000',
  API_RATE_LIMIT_PER_SESSION: '2000000000',
  API_RATE_LIMIT_PER_ADDRESS: '2000000000',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
const consoleUrl = `http://127.0.0.1:${address.port}`;

// The bare route: the same ingestion over the console's own database pool, nothing else.
const bareIngestion = createEventIngestion(app.db, { perSecondPerKey: 10_000_000 });
const bareContext = testRuntimeContext(app, { environmentId: 'dev', keyId: 'bare' });
const bare = Fastify({ logger: false, bodyLimit: 1 << 22 });
bare.post('/events', async (request) => ({
  payload: await bareIngestion.ingest(bareContext, request.body as EventsRequest),
}));
// The ceiling: the raw events alone, one multi-row INSERT per batch in its own transaction.
const rawPool = new pg.Pool({ connectionString: database.url, max: 10, idleTimeoutMillis: 0 });
await rawPool.query('SELECT public.experiment_event_partitions_ensure($1, $2)', [
  Math.floor(Date.now() / 86_400_000) - 1,
  Math.floor(Date.now() / 86_400_000) + 1,
]);
bare.post('/raw', async (request) => {
  const { events } = request.body as EventsRequest;
  const column = <T>(pick: (event: EventsRequest['events'][number]) => T) => events.map(pick);
  const { rowCount } = await rawPool.query(
    `INSERT INTO experiment_event (day, environment_id, event_id, type, user_id, ab_test_id, version, case_index, event, value, at)
     SELECT floor(e.at / 86400000)::integer, 'dev', e.id, e.type, e.user_id, e.ab_test_id, e.version, e.case_index,
            e.event, e.value, to_timestamp(e.at / 1000.0)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::integer[], $7::text[],
                   $8::double precision[], $9::double precision[])
            AS e(id, type, user_id, ab_test_id, version, case_index, event, value, at)
     ON CONFLICT DO NOTHING`,
    [
      column((event) => event.id),
      column((event) => event.type),
      column((event) => event.userId),
      column((event) => (event.type === 'exposure' ? event.abTestId : null)),
      column((event) => (event.type === 'exposure' ? event.version : null)),
      column((event) => (event.type === 'exposure' ? event.caseIndex : null)),
      column((event) => (event.type === 'metric' ? event.event : null)),
      column((event) => (event.type === 'metric' ? (event.value ?? 1) : null)),
      column((event) => event.at),
    ],
  );
  return { payload: { received: events.length, stored: rowCount } };
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/events`;
const rawUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/raw`;

try {
  const login = await app.inject({
    method: 'POST',
    url: '/oauth/login/dev',
    payload: { email: 'bench@example.com' },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const post = (url: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url: `${url}?configuration=dev`,
      headers: { cookie },
      payload: payload as object,
    });
  const created = await post('/api/runtime-keys/create', { name: 'bench game servers' });
  const key = (created.json() as { payload: CreatedRuntimeKey }).payload.key;
  const metricIds = Array.from({ length: METRICS }, (_, index) => `bench-metric-${index}`);
  const kinds = ['conversion', 'revenue', 'mean', 'ratio'] as const;
  for (const [index, id] of metricIds.entries()) {
    const kind = kinds[index % kinds.length]!;
    const answer = await post('/api/experiment/metric/create', {
      id,
      name: id,
      kind,
      event: kind === 'mean' ? 'session' : 'purchase',
      ...(kind === 'ratio' ? { denominatorEvent: 'session' } : {}),
    });
    if (answer.statusCode !== 200) throw new Error(answer.body);
  }
  console.log(
    `events bench: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)}; ${METRICS} metrics ` +
      `(a purchase feeds 8 of them, a session 4), batches of ${BATCH} (${EXPOSURES_PER_BATCH} new players), ` +
      `${CONCURRENCY} in flight, ${SECONDS} s per load, ${ROUNDS} rounds`,
  );

  if (ONLY === '' || ONLY === 'ingest') {
    const rates = {
      console: [] as number[],
      bare: [] as number[],
      raw: [] as number[],
      ratio: [] as number[],
      ofRaw: [] as number[],
      consoleCpu: [] as number[],
      rawCpu: [] as number[],
    };
    const perSecond = (rate: number) => Math.round(rate).toLocaleString('en-US');
    for (let round = 0; round < ROUNDS; round += 1) {
      const bareRun = await measureLoad({ url: bareUrl, tag: `bare${round}` });
      const consoleRun = await measureLoad({
        url: `${consoleUrl}/runtime/v1/events`,
        key,
        tag: `console${round}`,
      });
      const rawRun = await measureLoad({ url: rawUrl, tag: `raw${round}` });
      if (bareRun.failures + consoleRun.failures + rawRun.failures > 0)
        throw new Error(
          `refused batches: bare ${bareRun.failures}, console ${consoleRun.failures}, raw ${rawRun.failures}`,
        );
      rates.bare.push(bareRun.rate);
      rates.console.push(consoleRun.rate);
      rates.raw.push(rawRun.rate);
      rates.ratio.push(consoleRun.rate / bareRun.rate);
      rates.ofRaw.push(consoleRun.rate / rawRun.rate);
      rates.consoleCpu.push(consoleRun.cpuMicros);
      rates.rawCpu.push(rawRun.cpuMicros);
      console.log(
        `  round ${round + 1}: console ${perSecond(consoleRun.rate)} events/s (${consoleRun.cpuMicros.toFixed(0)} µs CPU an event: ` +
          `server ${consoleRun.serverMicros.toFixed(0)}, database ${consoleRun.databaseMicros.toFixed(0)}), ` +
          `bare route ${perSecond(bareRun.rate)} events/s (${bareRun.cpuMicros.toFixed(0)} µs), ratio ${(consoleRun.rate / bareRun.rate).toFixed(2)}; ` +
          `raw events alone ${perSecond(rawRun.rate)} events/s (${rawRun.cpuMicros.toFixed(0)} µs; console ${(consoleRun.rate / rawRun.rate).toFixed(2)} × it)`,
      );
    }
    const consoleMedian = median(rates.console);
    const cores = availableParallelism();
    console.log(
      `POST /runtime/v1/events: ${perSecond(consoleMedian)} events/s (median), ` +
        `${median(rates.ratio).toFixed(2)} × the bare route's ${perSecond(median(rates.bare))}; ` +
        `goal ≥ ${TARGET_EVENTS_PER_SECOND.toLocaleString('en-US')}: ${consoleMedian >= TARGET_EVENTS_PER_SECOND ? 'met' : 'NOT met'}; ` +
        `ceiling (raw events alone, no statistics) ${perSecond(median(rates.raw))} events/s, the console ${median(rates.ofRaw).toFixed(2)} × it. ` +
        `CPU (server + database) ${median(rates.consoleCpu).toFixed(0)} µs an event against ${median(rates.rawCpu).toFixed(0)} µs alone: ` +
        `${cores} idle cores would take ${perSecond((cores * 1e6) / median(rates.consoleCpu))} events/s ` +
        `(raw alone ${perSecond((cores * 1e6) / median(rates.rawCpu))})`,
    );
  }

  if (ONLY === '' || ONLY === 'results') {
    // 1,000,000 exposed players over 2 cases and 30 days, and 10 metrics' sums, written as the owner.
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    try {
      await post('/api/abtest/create', { id: 'bench-million', type: 0 });
      await post('/api/abtest/versions/save', { id: 'bench-million', weights: [500_000, 500_000] });
      const firstDay = Math.floor(Date.now() / 86_400_000) - 30;
      await owner.query(
        `INSERT INTO experiment_case_day (environment_id, ab_test_id, version, case_index, day, players)
         SELECT 'dev', 'bench-million', 0, c, $1 + d, CASE WHEN d < 20 THEN 16667 ELSE 16666 END
           FROM generate_series(0, 1) c, generate_series(0, 29) d`,
        [firstDay],
      );
      await owner.query(
        `INSERT INTO experiment_metric_day (environment_id, ab_test_id, version, case_index, metric_id, day,
           sum, sum_squares, denominator_sum, denominator_sum_squares, product_sum)
         SELECT 'dev', 'bench-million', 0, c, m, $1 + d, 1700 + c * 40, 5100 + c * 120, 33000, 70000, 3400
           FROM generate_series(0, 1) c, generate_series(0, 29) d, unnest($2::text[]) m`,
        [firstDay, metricIds],
      );
      const { rows } = await owner.query<{ players: string }>(
        "SELECT sum(players) AS players FROM experiment_case_day WHERE ab_test_id = 'bench-million'",
      );
      const timings = async (call: () => Promise<{ statusCode: number }>) => {
        for (let index = 0; index < 30; index += 1) await call();
        const times: number[] = [];
        for (let index = 0; index < RESULTS_CALLS; index += 1) {
          const start = performance.now();
          const answer = await call();
          times.push(performance.now() - start);
          if (answer.statusCode !== 200) throw new Error(`status ${answer.statusCode}`);
        }
        return times.sort((a, b) => a - b);
      };
      const results = await timings(() =>
        post('/api/experiment/results/get', { abTestId: 'bench-million', version: 0 }),
      );
      const healthz = await timings(() => app.inject({ method: 'GET', url: '/healthz' }));
      const p99 = percentile(results, 0.99);
      console.log(
        `POST /api/experiment/results/get, ${Number(rows[0]!.players).toLocaleString('en-US')} exposed players, ` +
          `${METRICS} metrics, ${RESULTS_CALLS} sequential calls in-process: p50 ${percentile(results, 0.5).toFixed(2)} ms, ` +
          `p99 ${p99.toFixed(2)} ms (${(p99 / percentile(healthz, 0.99)).toFixed(1)} × GET /healthz's p99 ` +
          `${percentile(healthz, 0.99).toFixed(2)} ms)`,
      );
    } finally {
      await owner.end();
    }
  }

  if (ONLY === '' || ONLY === 'sdk') {
    // Five plugins, each decided by a two-case A/B-test: every new player makes five exposures.
    const inserted = await insertRuntimeRevision(database.url, {
      environmentId: 'dev',
      content: makeRuntimeContent({ plugins: 5, cases: 2 }),
    });
    const quiet = { warn: () => {}, error: () => {} };
    const sending = createRuntimeClient({ url: consoleUrl, key, logger: quiet });
    const silent = createRuntimeClient({ url: consoleUrl, key, logger: quiet, events: { enabled: false } });
    const counting = createRuntimeClient({
      url: consoleUrl,
      key,
      logger: quiet,
      events: { enabled: false },
      onExposure: () => {},
    });
    await Promise.all([sending.start(), silent.start(), counting.start()]);
    // A client may start on the revision served before the one just inserted reached the console's cache:
    // measure only once each serves the five A/B-tests (its stream brings the revision), else no exposure
    // would be made and the figure would say nothing about sending.
    const servedBy = Date.now() + 30_000;
    while ([sending, silent, counting].some((client) => (client.revision ?? 0) < inserted.revision)) {
      if (Date.now() > servedBy)
        throw new Error(`the SDK clients never served revision ${inserted.revision}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const PLAYERS = 20_000;
    const cost = (client: typeof sending, round: number) => {
      const start = performance.now();
      for (let index = 0; index < PLAYERS; index += 1) client.resolve({ userId: `sdk-${round}-${index}` });
      return ((performance.now() - start) * 1e6) / PLAYERS;
    };
    const runs: { on: number[]; off: number[]; callback: number[] } = { on: [], off: [], callback: [] };
    for (let round = 0; round < 6; round += 1) {
      runs.off.push(cost(silent, round));
      runs.callback.push(cost(counting, round));
      runs.on.push(cost(sending, round));
      await sending.flushEvents();
    }
    const on = median(runs.on.slice(1));
    const off = median(runs.off.slice(1));
    const callback = median(runs.callback.slice(1));
    const counts = sending.eventCounts;
    console.log(
      `SDK resolve() of a new player, 5 plugins decided by A/B-tests: ${Math.round(off)} ns with sending off, ` +
        `${Math.round(callback)} ns with only an onExposure callback, ${Math.round(on)} ns with sending on ` +
        `(${(on / off).toFixed(2)} × off, +${Math.round(on - off)} ns); ${counts.sent.toLocaleString('en-US')} exposures sent, ` +
        `${counts.dropped} dropped`,
    );
    await Promise.all([sending.close(), silent.close(), counting.close()]);
  }
} finally {
  bareIngestion.close();
  await bare.close();
  await rawPool.end();
  await app.close();
  await database.drop();
  await server.stop();
}
