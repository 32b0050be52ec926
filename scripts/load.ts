// `npm run bench` (load): the console over its own PostgreSQL with a busy team's dev environment
// (scripts/bench-console.ts), then 100 connections of mixed operator traffic (lists, gets, saves,
// activations, segment validation, audit pages) for 60 s. Prints requests, errors, req/s and p99 per
// kind of call and overall; exits 1 when any call failed (errors must be 0). Every call of the
// mix is valid, so any answer other than 2xx, a connection error or a timeout counts as an error.
// LOAD_SECONDS and LOAD_CONNECTIONS change the duration and the number of connections.
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AbTestType } from '@console/domain/enums';
import { seedBenchData, startBenchConsole } from './bench-console.ts';
import type { KindFigures, TrafficPlan, TrafficResult } from './load-traffic.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const ROLLOUTS = 50;
/** Configurations a save may change: the last ones, which no plugin entry points at. */
const EDITABLE_CONFIGURATIONS = 200;

const bench = await startBenchConsole();
const { app, cookie, post } = bench;
let failed = true;
try {
  console.log('Seeding the dev environment (audit log, A/B-tests, configurations, plugin entries) ...');
  const data = await seedBenchData(bench);
  const rolloutIds = Array.from({ length: ROLLOUTS }, (_, index) => `load-rollout-${index}`);
  for (const id of rolloutIds) {
    for (const [url, body] of [
      ['/api/abtest/create', { id, description: `Load ${id}`, type: AbTestType.Rollout }],
      ['/api/abtest/rollout/apply', { id, treatment: 5 }],
      ['/api/abtest/activate/test', { id, active: true }],
    ] as const) {
      const response = await post(url, body);
      if (response.statusCode !== 200) throw new Error(`seeding ${url}: ${response.body}`);
    }
  }
  const editable = Array.from({ length: data.configurationCount }, (_, index) => index)
    .filter((index) => !data.usedConfigurationIndexes.has(index))
    .slice(-EDITABLE_CONFIGURATIONS)
    .map(data.configurationId);
  const sample = await post(`/api/config/${data.configurationKind}/get`, { id: editable[0] });
  const audit = await app.db.auditEntry.aggregate({
    where: { environmentId: 'dev' },
    _min: { id: true },
    _max: { id: true },
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const plan: TrafficPlan = {
    url,
    cookie,
    seconds: SECONDS,
    connections: CONNECTIONS,
    abTestIds: data.abTestIds,
    rolloutIds,
    configurationKind: data.configurationKind,
    configurationCount: data.configurationCount,
    editableConfigurationIds: editable,
    configurationData: sample.json().payload.data,
    auditIds: [audit._min.id!, audit._max.id!],
  };
  const [load1] = loadavg();
  console.log(
    `\nMixed operator traffic: ${CONNECTIONS} connections for ${SECONDS} s (autocannon in a worker thread; ` +
      `logs off; load average ${load1?.toFixed(1)} on ${availableParallelism()} cores)\n`,
  );
  const result = await driveTraffic(plan);
  failed = printFigures(result) > 0;
} finally {
  await bench.close();
}
process.exit(failed ? 1 : 0);

function driveTraffic(plan: TrafficPlan): Promise<TrafficResult> {
  return new Promise((resolve, reject) => {
    // The worker runs TypeScript too: it registers tsx's loader before importing its module.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./load-traffic.ts', import.meta.url).href)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: plan });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load worker exited with code ${code}`));
    });
  });
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/** Prints the table; answers the number of errors. */
function printFigures(result: TrafficResult): number {
  const seconds = result.durationSeconds;
  const row = (name: string, figures: Pick<KindFigures, 'requests' | 'errors' | 'latencies'>) => {
    const sorted = [...figures.latencies].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(30)} ${figures.requests.toLocaleString('en-US').padStart(9)} ${String(figures.errors).padStart(7)} ` +
        `${Math.round(figures.requests / seconds)
          .toLocaleString('en-US')
          .padStart(8)} ` +
        `${percentile(sorted, 0.5).toFixed(0).padStart(7)} ${percentile(sorted, 0.99).toFixed(0).padStart(7)}`,
    );
  };
  console.log(
    `${'kind of call'.padEnd(30)} ${'requests'.padStart(9)} ${'errors'.padStart(7)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`,
  );
  for (const figures of result.kinds) row(figures.kind, figures);
  const overall = {
    requests: result.kinds.reduce((sum, figures) => sum + figures.requests, 0),
    errors:
      result.kinds.reduce((sum, figures) => sum + figures.errors, 0) +
      result.connectionErrors +
      result.timeouts,
    latencies: result.kinds.flatMap((figures) => figures.latencies),
  };
  row('overall', overall);
  if (result.connectionErrors || result.timeouts) {
    console.log(`\n${result.connectionErrors} connection errors, ${result.timeouts} timeouts`);
  }
  for (const figures of result.kinds.filter((kind) => kind.samples.length > 0)) {
    console.log(`\n${figures.kind} failed, e.g.:\n  ${figures.samples.join('\n  ')}`);
  }
  console.log(overall.errors === 0 ? '\nerrors: 0' : `\nerrors: ${overall.errors} (must be 0)`);
  return overall.errors;
}
