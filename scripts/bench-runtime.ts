// The game servers' read path under load: a bare Fastify hello world and the console in the
// same process, autocannon at 100 connections on loopback from a child process, each runtime case printed
// with req/s, p99 and its ratio to bare Fastify, the server's CPU time per request (this process's CPU,
// the load generator being elsewhere: steadier than req/s when other jobs share the cores) and the SQL
// statements sent meanwhile, counted on the pg driver that every database client of this process goes
// through. The cases run in rounds (bare, then each case), so each ratio compares neighbouring runs.
// The 304 and resolve cases also run against a second app on the same database built without metrics
// (no /metrics, no per-route timing hook, no runtime call counters): their paired ratio is what metrics
// cost a game server's request (target: at most 5% fewer requests per second).
// Run: cd apps/server && npx tsx ../../scripts/bench-runtime.ts
//   BENCH_SECONDS (per case and round, default 3), BENCH_ROUNDS (default 3), BENCH_ONLY (a case name part)
import { execFile } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import {
  buildTestApp,
  cloneDatabase,
  createTemplateDatabase,
  insertRuntimeRevision,
  makeRuntimeContent,
  startTestPostgres,
} from '@console/server/testing';
import pg from 'pg';
import {
  addressOf,
  type Load,
  type LoadResult,
  load,
  setBareAnswer,
  startBareFastify,
} from './bench-http.ts';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Target: the snapshot a game server reads is about this big. */
const SNAPSHOT_BYTES = 5_000;
const TARGETS = {
  notModifiedRatio: 0.8,
  resolveRatio: 0.6,
  p99Ms: 10,
  p99OfBaseline: 2,
  metricsRatio: 0.95,
};

// The child: one load, its result as JSON on stdout.
if (process.argv[2] === '--load') {
  const result = await load(JSON.parse(process.argv[3]!) as Load);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

/** Runs one load from a child process, so this process's CPU time is the servers' alone. */
function loadFromChild(options: Load, seconds = SECONDS): Promise<LoadResult> {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), '--load', JSON.stringify(options)];
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, BENCH_SECONDS: String(seconds) }, maxBuffer: 1 << 20 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as LoadResult)),
    ),
  );
}

/** Every SQL statement of this process passes pg.Client.prototype.query (Prisma's pool, the listener). */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...given: unknown[]) => unknown).apply(this, args);
} as typeof query;

interface Case {
  name: string;
  load: Omit<Load, 'connections'>;
  /** The target for its ratio to its baseline, if it has one. */
  target?: number;
  /** The case it is compared with (run just before it in each round); bare GET / when absent. */
  baseline?: Case;
}

interface Run {
  result: LoadResult;
  cpuMicros: number;
  statements: number;
}

async function measure(options: Case['load']): Promise<Run> {
  const cpu = process.cpuUsage();
  const before = statements;
  const result = await loadFromChild({ ...options, connections: CONNECTIONS });
  const used = process.cpuUsage(cpu);
  return { result, cpuMicros: used.user + used.system, statements: statements - before };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const server = await startTestPostgres();
const template = await createTemplateDatabase(server);
const database = await cloneDatabase(server.adminUrl, template, server.prefix);
// Both apps log as in production (pino at the default level, info, here into a stream that discards):
// a console in production always has its logger, which already follows every response to its end, so
// what metrics add to a request is measured on top of that, not on top of a server that logs nothing.
// The bare Fastify routes they are compared with log the same way.
const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
const productionLogger = { logger: { level: 'info', stream: discard } };
const app = await buildTestApp(database.url, {}, productionLogger);
const withoutMetrics = await buildTestApp(database.url, {}, { ...productionLogger, metrics: false });
const bare = await startBareFastify(productionLogger.logger);

try {
  const login = await app.inject({
    method: 'POST',
    url: '/oauth/login/dev',
    payload: { email: 'bench@example.com' },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const created = await app.inject({
    method: 'POST',
    url: '/api/runtime-keys/create?configuration=dev',
    headers: { cookie },
    payload: { name: 'bench game servers' },
  });
  const key = (created.json() as { payload: CreatedRuntimeKey }).payload.key;

  // A snapshot of about SNAPSHOT_BYTES: five plugins, padded.
  let padding = SNAPSHOT_BYTES;
  for (let attempt = 0; attempt < 5; attempt++) {
    const size = Buffer.byteLength(
      JSON.stringify({ payload: { content: makeRuntimeContent({ plugins: 5, padding }) } }),
    );
    if (Math.abs(size - SNAPSHOT_BYTES) < 100) break;
    padding = Math.max(0, padding + SNAPSHOT_BYTES - size);
  }
  // Revision 1 (the seeded environment) was published at start-up; this one replaces it.
  const { revision } = await insertRuntimeRevision(database.url, {
    environmentId: 'dev',
    content: makeRuntimeContent({ plugins: 5, padding }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await withoutMetrics.listen({ port: 0, host: '127.0.0.1' });
  for (const each of [app, withoutMetrics]) {
    for (let attempt = 0; each.runtimeCache.get('dev')?.revision !== revision && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const served = app.runtimeCache.get('dev');
  if (served?.revision !== revision || withoutMetrics.runtimeCache.get('dev')?.revision !== revision) {
    throw new Error('the benchmark revision was not loaded');
  }

  const snapshotUrl = `${addressOf(app)}/runtime/v1/snapshot`;
  const auth = { authorization: `Bearer ${key}` };
  const baseline: Case = { name: 'bare Fastify GET / (baseline)', load: { url: `${addressOf(bare)}/` } };
  const resolveBody = {
    userId: 'player-42',
    context: { Platform: 'ios', Payer: true, PurchaseCount: 3 },
    level: 20,
  };
  const resolvedText = (
    await app.inject({ method: 'POST', url: '/runtime/v1/resolve', headers: auth, payload: resolveBody })
  ).body;
  setBareAnswer(resolvedText);
  const sameBytes: Case = {
    name: 'bare Fastify POST, same body & bytes',
    load: { url: `${addressOf(bare)}/answer`, method: 'POST', body: resolveBody },
  };
  const notModified: Case = {
    name: 'GET /runtime/v1/snapshot 304',
    load: { url: snapshotUrl, headers: { ...auth, 'if-none-match': served.etag }, expectStatus: 304 },
    target: TARGETS.notModifiedRatio,
  };
  const resolveCase: Case = {
    name: 'POST /runtime/v1/resolve (5 plugins)',
    load: { url: `${addressOf(app)}/runtime/v1/resolve`, method: 'POST', headers: auth, body: resolveBody },
    target: TARGETS.resolveRatio,
    baseline: sameBytes,
  };
  /** The same load on the app without metrics. */
  const withoutMetricsOf = (each: Case): Case => ({
    name: `${each.name.replace(/ \(.*\)$/, '')} (no metrics)`,
    load: { ...each.load, url: each.load.url.replace(addressOf(app), addressOf(withoutMetrics)) },
  });
  const metricsPairs: [withMetrics: Case, without: Case][] = [
    [notModified, withoutMetricsOf(notModified)],
    [resolveCase, withoutMetricsOf(resolveCase)],
  ];
  const cases: Case[] = [
    {
      name: 'bare Fastify POST /echo (JSON body)',
      load: { url: `${addressOf(bare)}/echo`, method: 'POST', body: resolveBody },
    },
    { name: 'GET /runtime/v1/snapshot 200 (5 KB)', load: { url: snapshotUrl, headers: auth } },
    {
      name: 'GET /runtime/v1/snapshot 200 gzip',
      load: { url: snapshotUrl, headers: { ...auth, 'accept-encoding': 'gzip' } },
    },
    // Each case with metrics next to the same without, so their ratio compares neighbours; resolve just
    // after the bare route it is compared with.
    ...metricsPairs.flatMap(([withMetrics, without]) =>
      withMetrics === resolveCase ? [sameBytes, withMetrics, without] : [withMetrics, without],
    ),
  ];

  const [load1] = loadavg();
  console.log(
    `\nRuntime API: autocannon from a child process, ${CONNECTIONS} connections on loopback, ${ROUNDS} rounds ` +
      `of ${SECONDS} s per case; logs as in production (level info, discarded); load average ${load1?.toFixed(1)} on ${availableParallelism()} cores`,
  );
  console.log(
    `snapshot ${served.body.length.toLocaleString('en-US')} bytes (gzip ${(await served.compressed('gzip'))?.length ?? '-'}), ` +
      `ETag ${served.etag}; a resolution of its ${served.content.plugins.length} plugins ` +
      `${Buffer.byteLength(resolvedText).toLocaleString('en-US')} bytes (each plugin's configuration in full)`,
  );

  // BENCH_ONLY=<text>: only the cases whose name contains it (and the baseline).
  const only = process.env.BENCH_ONLY;
  if (only)
    cases.splice(
      0,
      cases.length,
      ...cases.filter(
        (each) =>
          each.name.includes(only) ||
          cases.some((other) => other.baseline === each && other.name.includes(only)),
      ),
    );
  const runs = new Map<Case, Run[]>([baseline, ...cases].map((each) => [each, []]));
  const ratios = new Map<Case, number[]>(cases.map((each) => [each, []]));
  // Every other round runs each case without metrics before its case with them: what a case leaves
  // behind (garbage to collect, a warmer or colder cache) then weighs on both sides alike.
  const swapped = new Map(
    metricsPairs.flatMap(([withMetrics, without]) => [
      [withMetrics, without],
      [without, withMetrics],
    ]),
  );
  // A second of each first, not counted: the first run of a path pays for compiling it, and every app
  // of this process runs the same code.
  for (const each of [baseline, ...cases]) await loadFromChild({ ...each.load, connections: CONNECTIONS }, 1);
  for (let round = 0; round < ROUNDS; round++) {
    const bareRun = await measure(baseline.load);
    runs.get(baseline)!.push(bareRun);
    const order =
      round % 2 === 0
        ? cases
        : cases.map((each) => {
            const partner = swapped.get(each);
            return partner !== undefined && cases.includes(partner) ? partner : each;
          });
    for (const each of order) {
      const run = await measure(each.load);
      runs.get(each)!.push(run);
      const base = each.baseline ? runs.get(each.baseline)!.at(-1)! : bareRun;
      ratios.get(each)!.push(run.result.requestsPerSecond / base.result.requestsPerSecond);
    }
  }

  const summary = (each: Case) => {
    const list = runs.get(each)!;
    const requests = list.reduce((total, run) => total + run.result.requests, 0);
    return {
      requestsPerSecond: median(list.map((run) => run.result.requestsPerSecond)),
      p99: median(list.map((run) => run.result.p99)),
      cpuPerRequest: list.reduce((total, run) => total + run.cpuMicros, 0) / requests,
      statements: list.reduce((total, run) => total + run.statements, 0),
      requests,
      failures: list.reduce((total, run) => total + run.result.failures, 0),
    };
  };
  const bareSummary = summary(baseline);
  const line = (name: string, figures: ReturnType<typeof summary>, ratio: string, notes: string) =>
    console.log(
      `${name.padEnd(36)} ${`${Math.round(figures.requestsPerSecond).toLocaleString('en-US')} req/s`.padStart(12)}` +
        `  p99 ${String(figures.p99).padStart(3)} ms  ${ratio.padStart(12)}` +
        `  ${figures.cpuPerRequest.toFixed(1).padStart(5)} µs CPU/req  ${notes}`,
    );
  line(baseline.name, bareSummary, '100% of bare', '');
  for (const each of cases) {
    const figures = summary(each);
    const ratio = median(ratios.get(each)!);
    const baseFigures = each.baseline ? summary(each.baseline) : null;
    const p99Limit = baseFigures ? Math.max(1, baseFigures.p99) * TARGETS.p99OfBaseline : TARGETS.p99Ms;
    const verdicts = [
      `${figures.statements} SQL statements in ${figures.requests.toLocaleString('en-US')} requests`,
      `CPU ${((bareSummary.cpuPerRequest / figures.cpuPerRequest) * 100).toFixed(0)}% of bare's speed`,
      each.target === undefined
        ? ''
        : ratio >= each.target
          ? `ok (≥ ${each.target * 100}%)`
          : `BELOW ${each.target * 100}%`,
      figures.p99 <= p99Limit
        ? `p99 ok (≤ ${p99Limit} ms${baseFigures ? `, ${TARGETS.p99OfBaseline}× its baseline's` : ''})`
        : `p99 over ${p99Limit} ms`,
      figures.failures ? `${figures.failures} FAILED` : '',
    ];
    const of = each.baseline ? 'of that' : 'of bare';
    line(each.name, figures, `${(ratio * 100).toFixed(0)}% ${of}`, verdicts.filter(Boolean).join(', '));
  }
  for (const [withMetrics, without] of metricsPairs) {
    if (!runs.has(withMetrics) || !runs.has(without)) continue;
    const paired = runs
      .get(withMetrics)!
      .map(
        (run, round) => run.result.requestsPerSecond / runs.get(without)![round]!.result.requestsPerSecond,
      );
    const ratio = median(paired);
    const cpu = summary(withMetrics).cpuPerRequest / summary(without).cpuPerRequest;
    console.log(
      `Metrics' cost on ${withMetrics.name}: ${(ratio * 100).toFixed(1)}% of the req/s without metrics ` +
        `(rounds: ${paired.map((each) => `${(each * 100).toFixed(0)}%`).join(', ')}), ` +
        `CPU per request ${((cpu - 1) * 100).toFixed(1)}% ${cpu >= 1 ? 'more' : 'less'}; ` +
        (ratio >= TARGETS.metricsRatio
          ? `ok (≥ ${TARGETS.metricsRatio * 100}%)`
          : `BELOW ${TARGETS.metricsRatio * 100}%`),
    );
  }
  console.log(
    'Ratios are medians over the rounds of each case against the bare GET / run of its round (resolve: ' +
      'against the bare POST that parses the same body and answers as many bytes, run just before it). SQL statements ' +
      'during the runs come from the periodic revision check (one every 3 s per process), none from requests.',
  );

  // The same comparison in process: CPU time per call through Fastify's whole pipeline (inject, no
  // sockets), in alternating blocks. It counts only this process's CPU, so it holds when other jobs load
  // the cores and req/s swing; without the socket's share, metrics are a larger part of it (conservative).
  const injectCalls = 5_000;
  const cpuPerCall = async (target: typeof app, load: Load | Case['load']) => {
    const options = {
      method: (load.method ?? 'GET') as 'GET' | 'POST',
      url: new URL(load.url).pathname,
      headers: load.headers ?? {},
      ...(load.body === undefined ? {} : { payload: load.body as object }),
    };
    const cpu = process.cpuUsage();
    for (let index = 0; index < injectCalls; index++) await target.inject(options);
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / injectCalls;
  };
  for (const [withMetrics, without] of metricsPairs) {
    if (!runs.has(withMetrics)) continue;
    await cpuPerCall(app, withMetrics.load);
    await cpuPerCall(withoutMetrics, without.load);
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so a drift in the machine's load does not favour one side.
      let metered: number;
      let bare: number;
      if (round % 2 === 0) {
        metered = await cpuPerCall(app, withMetrics.load);
        bare = await cpuPerCall(withoutMetrics, without.load);
      } else {
        bare = await cpuPerCall(withoutMetrics, without.load);
        metered = await cpuPerCall(app, withMetrics.load);
      }
      ratios.push(metered / bare);
    }
    const extra = (median(ratios) - 1) * 100;
    console.log(
      `In process (inject, ${injectCalls.toLocaleString('en-US')} calls × ${ROUNDS} rounds): ${withMetrics.name} ` +
        `costs ${extra.toFixed(1)}% more CPU per call with metrics ` +
        `(rounds: ${ratios.map((ratio) => `${((ratio - 1) * 100).toFixed(1)}%`).join(', ')}); ` +
        (extra <= (1 - TARGETS.metricsRatio) * 100 ? 'ok (≤ 5%)' : 'OVER 5%'),
    );
  }
} finally {
  await bare.close();
  await app.close();
  await withoutMetrics.close();
  await database.drop();
  await server.stop();
}
