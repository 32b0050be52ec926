// `npm run bench`: request costs through the whole stack (session, environment scope, zod, Prisma,
// PostgreSQL), each printed with its ratio to a baseline measured in the same run: GET /healthz,
// which goes through Fastify but touches no database. Figures, not pass/fail.
import { performance } from 'node:perf_hooks';
import { AUDIT_ACTIONS, defaultConfigData, PluginId } from '@console/domain';
import {
  buildTestApp,
  cloneDatabase,
  createTemplateDatabase,
  startTestPostgres,
} from '@console/server/testing';
import { runHttpBench } from './bench-http.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);

const server = await startTestPostgres();
const template = await createTemplateDatabase(server);
const database = await cloneDatabase(server.adminUrl, template, server.prefix);
// One operator's session at 100 connections is far over the API's rate limit: the limit stays on, so its
// cost is measured, but above what the load sends.
const app = await buildTestApp(database.url, {
  API_RATE_LIMIT_PER_SESSION: '2000000000',
  API_RATE_LIMIT_PER_ADDRESS: '2000000000',
});

const login = await app.inject({
  method: 'POST',
  url: '/oauth/login/dev',
  payload: { email: 'bench@example.com' },
});
const cookie = String(login.headers['set-cookie']).split(';')[0]!;
// The audit log of a busy environment: 10,000 entries over every audited action.
const AUDIT_ROWS = 10_000;
for (let start = 0; start < AUDIT_ROWS; start += 1_000) {
  await app.db.auditEntry.createMany({
    data: Array.from({ length: 1_000 }, (_, offset) => ({
      environmentId: 'dev',
      action: AUDIT_ACTIONS[(start + offset) % AUDIT_ACTIONS.length] as string,
      target: `t${(start + offset) % 500}`,
      email: 'bench@example.com',
      attributes: { index: start + offset },
    })),
  });
}
// Statistics and visibility map as autovacuum leaves them on a live database after such a load.
await app.db.$executeRawUnsafe('VACUUM ANALYZE audit_entry');

// A/B-tests: 100 tests with 3 versions each (one active), for the list and version cases.
for (let index = 0; index < 100; index++) {
  const id = `bench-${index}`;
  const send = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `${url}?configuration=dev`, headers: { cookie }, payload });
  await send('/api/abtest/create', { id, description: `Bench ${index}`, type: 0 });
  for (const weights of [[1_000_000], [500_000, 500_000], [400_000, 300_000, 300_000]]) {
    await send('/api/abtest/versions/save', { id, weights });
  }
  await send('/api/abtest/activate/version', { id, version: 1 });
}

// Configurations: 10,000 of one kind (copies of one created over HTTP), 50 plugin entries pointing at
// 100 of them, so the list pages compute inUse from real entries.
const CONFIG_ROWS = 10_000;
const CONFIG_KIND = 'ar';
const configId = (index: number) => `bench-config-${String(index).padStart(5, '0')}`;
const created = await app.inject({
  method: 'POST',
  url: `/api/config/${CONFIG_KIND}/create?configuration=dev`,
  headers: { cookie },
  payload: { id: configId(0), description: 'Bench', data: defaultConfigData(CONFIG_KIND) },
});
const { activation, data } = created.json().payload;
for (let start = 1; start < CONFIG_ROWS; start += 1_000) {
  await app.db.configuration.createMany({
    data: Array.from({ length: Math.min(1_000, CONFIG_ROWS - start) }, (_, offset) => ({
      environmentId: 'dev',
      id: configId(start + offset),
      kind: CONFIG_KIND,
      description: `Bench ${start + offset}`,
      active: (start + offset) % 3 === 0,
      activation,
      data,
      lastModifier: 'bench@example.com',
    })),
  });
}
await app.db.pluginAbTestEntry.createMany({
  data: Array.from({ length: 50 }, (_, position) => ({
    environmentId: 'dev',
    pluginId: PluginId.AGILITY_RACE,
    state: position % 2 ? 'draft' : 'active',
    position,
    abTestId: `bench-${position}`,
    abTestVersion: 1,
    configurations: [configId(position * 7), configId(5_000 + position * 13)],
  })),
});
await app.db.$executeRawUnsafe('VACUUM ANALYZE configuration');

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

await app.listen({ port: 0, host: '127.0.0.1' });
await runHttpBench(app, cookie, {
  audit: await app.db.auditEntry.count({ where: { environmentId: 'dev' } }),
  configurations: await app.db.configuration.count({ where: { environmentId: 'dev' } }),
  configurationKind: CONFIG_KIND,
});

await app.close();
await database.drop();
await server.stop();
