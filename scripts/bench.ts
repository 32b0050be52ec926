// `npm run bench`: request costs through the whole stack (session, environment scope, zod, Prisma,
// PostgreSQL), each printed with its ratio to a baseline measured in the same run: GET /healthz,
// which goes through Fastify but touches no database. Figures, not pass/fail.
import { performance } from 'node:perf_hooks';
import { seedBenchData, startBenchConsole } from './bench-console.ts';
import { runHttpBench } from './bench-http.ts';
import { printWorstRefusals } from './bench-refusals.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);

const bench = await startBenchConsole();
const { app, cookie } = bench;
const data = await seedBenchData(bench);
const CONFIG_KIND = data.configurationKind;

type Call = () => Promise<unknown>;
const post =
  (url: string, payload?: unknown): Call =>
  () =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

async function measure(call: Call): Promise<number> {
  for (let index = 0; index < 50; index++) await call(); // warm-up
  const start = performance.now();
  for (let index = 0; index < ITERATIONS; index++) await call();
  return ((performance.now() - start) * 1000) / ITERATIONS; // µs per call
}

const cases: [string, Call][] = [
  ['POST /api/configuration/list', post('/api/configuration/list')],
  [
    'POST /api/audit/list (100 of 10,000)',
    post('/api/audit/list?configuration=dev', { offset: 0, limit: 100 }),
  ],
  ['POST /api/id/words/2', post('/api/id/words/2')],
  ['POST /api/abtest/list (100 tests)', post('/api/abtest/list?configuration=dev')],
  [
    `POST /api/config/${CONFIG_KIND}/list (100 of 10,000)`,
    post(`/api/config/${CONFIG_KIND}/list?configuration=dev`, { offset: 5_000, limit: 100 }),
  ],
  ['POST /api/abtest/get', post('/api/abtest/get?configuration=dev', { id: 'bench-7' })],
  [
    'POST /api/abtest/versions/save',
    post('/api/abtest/versions/save?configuration=dev', { id: 'bench-8', weights: [250_000, 750_000] }),
  ],
  [
    'POST /api/segment/validate/condition',
    post('/api/segment/validate/condition?configuration=dev', {
      condition: { property: 2, op: 5, value: 'ios, android' },
    }),
  ],
];

const baseline = await measure(() => app.inject({ method: 'GET', url: '/healthz' }));
console.log(`${ITERATIONS} sequential calls each, in-process (app.inject), one connection pool`);
console.log(`${'baseline GET /healthz'.padEnd(40)} ${baseline.toFixed(0).padStart(7)} µs/call   1.0x`);
for (const [name, call] of cases) {
  const micros = await measure(call);
  console.log(
    `${name.padEnd(40)} ${micros.toFixed(0).padStart(7)} µs/call ${(micros / baseline).toFixed(1).padStart(6)}x`,
  );
}

await printWorstRefusals(app, cookie);

await app.listen({ port: 0, host: '127.0.0.1' });
await runHttpBench(app, cookie, {
  audit: await app.db.auditEntry.count({ where: { environmentId: 'dev' } }),
  configurations: await app.db.configuration.count({ where: { environmentId: 'dev' } }),
  configurationKind: CONFIG_KIND,
});

await bench.close();
