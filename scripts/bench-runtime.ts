// The game servers' read path (issue 13) under load: a bare Fastify hello world and the console in the
// same run, autocannon at 100 connections on loopback, each runtime case printed with its req/s, p99
// and ratio to bare Fastify, and the SQL statements the console sent meanwhile (counted on the pg driver,
// which every database client of this process goes through). Figures, with the targets marked.
// Run: cd apps/server && npx tsx ../../scripts/bench-runtime.ts   (BENCH_SECONDS sets each case's length)
import { availableParallelism, loadavg } from 'node:os';
import type { CreatedRuntimeKey } from '@console/domain';
import {
  buildTestApp,
  cloneDatabase,
  createTemplateDatabase,
  insertRuntimeRevision,
  makeRuntimeContent,
  startTestPostgres,
} from '@console/server/testing';
import pg from 'pg';
import { addressOf, type Load, type LoadResult, load, startBareFastify } from './bench-http.ts';

const CONNECTIONS = 100;
/** spec of the issue: the snapshot a game server reads is about this big. */
const SNAPSHOT_BYTES = 5_000;
const TARGETS = { notModifiedRatio: 0.8, resolveRatio: 0.5, p99Ms: 10 };

/** Every SQL statement of this process passes pg.Client.prototype.query (Prisma's pool, the listener). */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...given: unknown[]) => unknown).apply(this, args);
} as typeof query;

const server = await startTestPostgres();
const template = await createTemplateDatabase(server);
const database = await cloneDatabase(server.adminUrl, template, server.prefix);
const app = await buildTestApp(database.url);
const bare = await startBareFastify();

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
  let size = 0;
  for (let attempt = 0; attempt < 5 && Math.abs(size - SNAPSHOT_BYTES) > 100; attempt++) {
    const content = makeRuntimeContent({ plugins: 5, padding });
    size = Buffer.byteLength(JSON.stringify({ payload: { content } }));
    padding = Math.max(0, padding + SNAPSHOT_BYTES - size);
  }
  await insertRuntimeRevision(database.url, {
    environmentId: 'dev',
    revision: 1,
    content: makeRuntimeContent({ plugins: 5, padding }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = addressOf(app);
  const auth = { authorization: `Bearer ${key}` };
  for (let attempt = 0; app.runtimeStore.get('dev') === undefined && attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const served = app.runtimeStore.get('dev');
  if (!served) throw new Error('the benchmark revision was not loaded');

  const [load1] = loadavg();
  console.log(
    `\nRuntime API (autocannon, ${process.env.BENCH_SECONDS ?? 5} s per case, ${CONNECTIONS} connections, ` +
      `loopback; logs off; load average ${load1?.toFixed(1)} on ${availableParallelism()} cores)`,
  );
  console.log(
    `snapshot: ${served.body.length.toLocaleString('en-US')} bytes, gzip ${served.gzip?.length ?? '-'} bytes, ` +
      `ETag ${served.etag}`,
  );

  const measure = async (options: Omit<Load, 'connections'>) => {
    const before = statements;
    const result = await load({ ...options, connections: CONNECTIONS });
    return { result, statements: statements - before };
  };
  const ceiling = await measure({ url: `${addressOf(bare)}/` });
  const cases: [string, { result: LoadResult; statements: number }, number | undefined][] = [
    [
      'GET /runtime/v1/snapshot 200 (5 KB)',
      await measure({ url: `${base}/runtime/v1/snapshot`, headers: auth }),
      undefined,
    ],
    [
      'GET /runtime/v1/snapshot 200 gzip',
      await measure({ url: `${base}/runtime/v1/snapshot`, headers: { ...auth, 'accept-encoding': 'gzip' } }),
      undefined,
    ],
    [
      'GET /runtime/v1/snapshot 304',
      await measure({
        url: `${base}/runtime/v1/snapshot`,
        headers: { ...auth, 'if-none-match': served.etag },
        expectStatus: 304,
      }),
      TARGETS.notModifiedRatio,
    ],
  ];

  const requests = (result: LoadResult) =>
    `${Math.round(result.requestsPerSecond).toLocaleString('en-US')} req/s`;
  const row = (name: string, result: LoadResult, ratioText: string, extra: string) =>
    console.log(
      `${name.padEnd(38)} ${requests(result).padStart(12)}  p99 ${String(result.p99).padStart(3)} ms  ${ratioText.padStart(14)}  ${extra}`,
    );
  row('bare Fastify GET / (baseline)', ceiling.result, '100% of bare', '');
  for (const [name, { result, statements: sent }, target] of cases) {
    const ratio = result.requestsPerSecond / ceiling.result.requestsPerSecond;
    const total = result.requestsPerSecond * Number(process.env.BENCH_SECONDS ?? 5);
    const verdicts = [
      target === undefined
        ? ''
        : ratio >= target
          ? `ok (≥ ${target * 100}%)`
          : `BELOW TARGET ${target * 100}%`,
      result.p99 <= TARGETS.p99Ms ? 'p99 ok' : `p99 OVER ${TARGETS.p99Ms} ms`,
      result.failures ? `${result.failures} FAILED` : '',
    ].filter(Boolean);
    row(
      name,
      result,
      `${(ratio * 100).toFixed(0)}% of bare`,
      `${sent} SQL statements (${(sent / total).toFixed(6)} per request)  ${verdicts.join(', ')}`,
    );
  }
  console.log(
    'SQL statements during a case come from the periodic revision check (one every 3 s per process), ' +
      'never from a request.',
  );
} finally {
  await bare.close();
  await app.close();
  await database.drop();
  await server.stop();
}
