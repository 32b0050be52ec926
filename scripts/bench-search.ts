// `npm run bench` (search): every search call at 10 concurrent operators over HTTP (autocannon), on an
// environment in its fifth year (npm run db:seed -- --size fifth-year: 10,000 A/B-tests, 10,000
// configurations, 1,000,000 audit entries) and on one of 20 rows per list, in pages of 20 (which both
// fill), and the same call's service in a bare Fastify route (no session, rate limit, validation or answer
// schema: the query and JSON alone). Prints p99 (goal ≤ 50 ms), requests/s against the bare route (goal
// ≥ 0.5) and the p99 of the fifth year against the 20-row environment (goal ≤ 1.5), then the export of the
// whole log, and the transfer preview, export and import of the whole fifth-year environment, in seconds.
// Figures, not pass/fail; all measured in this run, on this machine's shared cores.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { type AnyEndpoint, decodeSearchCursor, encodeSearchCursor } from '@console/domain/api';
import { CONFIG_KIND_IDS, configKindOf } from '@console/domain/config';
import { api } from '@console/domain/endpoints';
import Fastify from 'fastify';
import pg from 'pg';
import { createEnvironmentContext } from '../apps/server/src/context.ts';
import { analyzeSeeded, SEED_SIZES, seedFifthYear } from '../apps/server/src/db/seed-fifth-year.ts';
import {
  searchAbTestPickerPage,
  searchAbTests,
} from '../apps/server/src/features/abtest/abtest-search.service.ts';
import { searchAudit } from '../apps/server/src/features/audit/audit-search.service.ts';
import {
  searchConfigPicker,
  searchConfigs,
  searchConfigsOfKind,
} from '../apps/server/src/features/config/config-search.service.ts';
import { runExport, runImport } from '../apps/server/src/features/transfer/environment-file.commands.ts';
import { searchUsers } from '../apps/server/src/features/users/users.service.ts';
import { startBenchConsole } from './bench-console.ts';
import { addressOf, LIST_PAGE_P99_BUDGET_MS, type LoadResult, load } from './bench-http.ts';

const OPERATORS = 10;
const PAGE = 20;
const P99_RATIO_GOAL = 1.5;
const THROUGHPUT_RATIO_GOAL = 0.5;
const BIG = 'fifth-year';
const SMALL = 'twenty-rows';
/** An empty environment the fifth year is previewed and imported into. */
const COPY = 'fifth-year-copy';
/**
 * To measure a part alone: BENCH_SEARCH_ONLY names calls by a piece of their label (comma-separated,
 * `audit,picker`), BENCH_SEARCH_PHASES the phases run (`search,export,transfer`, all by default).
 */
const ONLY = (process.env.BENCH_SEARCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);
const PHASES = new Set(
  (process.env.BENCH_SEARCH_PHASES ?? 'search,export,transfer').split(',').map((p) => p.trim()),
);

const bench = await startBenchConsole();
const { app, cookie, post } = bench;
/** The context a request of the bench's operator carries in `environmentId` (as the console builds one). */
const contextOf = (environmentId: string) =>
  createEnvironmentContext(app.unitOfWork, { email: 'bench@example.com' }, environmentId);
const bare = Fastify({ logger: false });
try {
  for (const id of [BIG, SMALL, COPY]) {
    const created = await post('/api/configuration/save', { configurationId: id });
    if (created.statusCode !== 200) throw new Error(`creating ${id}: ${created.body}`);
  }
  const owner = new pg.Client({ connectionString: bench.databaseUrl });
  await owner.connect();
  try {
    const started = performance.now();
    await seedFifthYear(owner, BIG, SEED_SIZES['fifth-year']);
    // 20 rows of each list: 20 A/B-tests, 20 configurations of each kind, 20 audit entries.
    await seedFifthYear(owner, SMALL, { ...SEED_SIZES.small, configurations: 20 * CONFIG_KIND_IDS.length });
    await analyzeSeeded(owner);
    console.log(
      `\nSearch: seeded ${BIG} and ${SMALL} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await owner.end();
  }

  // A page in the middle of the log: its cursor names the entry half-way (the small log's last, there),
  // and carries the total the first page counted, as a cursor the search answered does.
  const [middle] = await app.db.$queryRawUnsafe<{ id: number }[]>(
    'SELECT id FROM audit_entry WHERE environment_id = $1 ORDER BY id OFFSET 500000 LIMIT 1',
    BIG,
  );
  const firstAuditPage = await searchAudit(contextOf(BIG), api.audit.search.body.parse({ limit: PAGE }));
  const { counted } = decodeSearchCursor(firstAuditPage.nextCursor!, {
    sort: 'id',
    direction: 'desc',
    valueKind: 'number',
    keyKind: 'number',
  });
  const deepAuditCursor = encodeSearchCursor({
    sort: 'id',
    direction: 'desc',
    value: middle!.id,
    key: middle!.id,
    ...(counted === undefined ? {} : { counted }),
  });

  // Each call with its body, and the service a bare route runs with the body as the schema parses it.
  type Service = (environmentId: string, body: never) => Promise<unknown>;
  const duel = configKindOf('duel');
  const operator = {
    email: 'bench@example.com',
    grants: { role: 'admin' as const, environments: new Map(), isConfiguredAdmin: true },
  };
  const cases: [string, AnyEndpoint, object, Service][] = [
    [
      'A/B-tests, newest modified first',
      api.abtest.search,
      { sort: 'modified', direction: 'desc' },
      (env, body) => searchAbTests(contextOf(env), body),
    ],
    [
      'A/B-tests, text and filters',
      api.abtest.search,
      { q: 'sale', active: true, inUse: false },
      (env, body) => searchAbTests(contextOf(env), body),
    ],
    [
      '"Add AB-test" picker',
      api.abtest.searchPicker,
      { q: 'ab-0' },
      (env, body) => searchAbTestPickerPage(contextOf(env), body),
    ],
    [
      'configurations of one kind, by in use',
      api.config.kinds.duel.search,
      { sort: 'inUse', direction: 'desc' },
      (env, body) => searchConfigsOfKind(contextOf(env), duel, body),
    ],
    [
      'configurations, every kind, by id',
      api.config.plugin.search,
      {},
      (env, body) => searchConfigs(contextOf(env), body),
    ],
    [
      'configurations, text and in use',
      api.config.plugin.search,
      { q: 'duel', inUse: true },
      (env, body) => searchConfigs(contextOf(env), body),
    ],
    [
      'configuration picker',
      api.config.plugin.searchPicker,
      { pluginId: duel.pluginId },
      (env, body) => searchConfigPicker(contextOf(env), body),
    ],
    // Users are console-wide (the same list in both environments): the staff, searched in memory.
    [
      'users, by e-mail',
      api.users.search,
      { q: 'example' },
      (env, body) =>
        searchUsers(contextOf(env), { settings: app.settings, now: () => Date.now() }, operator, body),
    ],
    ['audit log, newest first', api.audit.search, {}, (env, body) => searchAudit(contextOf(env), body)],
    [
      'audit log, one e-mail and action',
      api.audit.search,
      { email: 'operator-7@fifth-year.example', action: 'plugin.draft.save' },
      (env, body) => searchAudit(contextOf(env), body),
    ],
    [
      'audit log, a page half-way',
      api.audit.search,
      { cursor: deepAuditCursor },
      (env, body) => searchAudit(contextOf(env), body),
    ],
    [
      'audit log, a date range, by date',
      api.audit.search,
      { sort: 'created', from: Date.now() - 400 * 86_400_000, to: Date.now() - 300 * 86_400_000 },
      (env, body) => searchAudit(contextOf(env), body),
    ],
  ];
  const parsedBodies = new Map<number, unknown>();
  bare.post('/case/:index/:env', async (request) => {
    const { index, env } = request.params as { index: string; env: string };
    return { payload: await cases[Number(index)]![3](env, parsedBodies.get(Number(index)) as never) };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const [load1] = loadavg();
  console.log(
    `Search calls at ${OPERATORS} concurrent operators (autocannon; logs off; load average ${load1?.toFixed(1)} on ` +
      `${availableParallelism()} cores); goals: p99 ≤ ${LIST_PAGE_P99_BUDGET_MS} ms, ≥ ${THROUGHPUT_RATIO_GOAL} of the bare route's req/s, ` +
      `p99 ${BIG} / ${SMALL} ≤ ${P99_RATIO_GOAL}`,
  );
  console.log(
    `${'call'.padEnd(40)} ${'p99'.padStart(7)} ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ${'ratio'.padStart(6)} ${'20-row p99'.padStart(11)} ${'ratio'.padStart(6)}`,
  );
  const ms = (result: LoadResult) => `${result.p99} ms`.padStart(7);
  const mark = (isMet: boolean) => (isMet ? ' ' : '!');
  let isWarm = false;
  for (const [index, [name, endpoint, body]] of cases.entries()) {
    if (!PHASES.has('search')) break;
    if (ONLY.length > 0 && !ONLY.some((part) => name.toLowerCase().includes(part))) continue;
    // Pages of 20, which the 20-row environment fills too: the two p99s compare pages of one length.
    const paged = { ...body, limit: PAGE };
    parsedBodies.set(index, endpoint.body.parse(paged));
    const call = (env: string) =>
      load({
        url: `${base}${endpoint.path}?configuration=${env}`,
        method: 'POST',
        cookie,
        body: paged,
        connections: OPERATORS,
      });
    // The first call measured would also pay for the process warming up (compiled code, the pool's
    // connections, PostgreSQL's caches of the plans' tables): one untimed load of it first.
    if (!isWarm) {
      await call(BIG);
      isWarm = true;
    }
    const big = await call(BIG);
    const bareBig = await load({
      url: `${addressOf(bare)}/case/${index}/${BIG}`,
      method: 'POST',
      body: {},
      connections: OPERATORS,
    });
    const small = await call(SMALL);
    const throughput = big.requestsPerSecond / bareBig.requestsPerSecond;
    const p99Ratio = big.p99 / Math.max(small.p99, 1);
    const failures = big.failures + bareBig.failures + small.failures;
    console.log(
      `${name.padEnd(40)} ${ms(big)}${mark(big.p99 <= LIST_PAGE_P99_BUDGET_MS)}${String(Math.round(big.requestsPerSecond)).padStart(7)} ` +
        `${String(Math.round(bareBig.requestsPerSecond)).padStart(7)} ${throughput.toFixed(2).padStart(6)}${mark(throughput >= THROUGHPUT_RATIO_GOAL)}` +
        `${ms(small).padStart(11)} ${p99Ratio.toFixed(2).padStart(6)}${mark(p99Ratio <= P99_RATIO_GOAL)}` +
        `${failures ? `  ${failures} FAILED` : ''}`,
    );
  }
  console.log(
    "(! marks a figure that misses its goal; bare: the same service with the same parsed body in a Fastify route without the console's hooks)",
  );

  if (PHASES.has('export')) await measureExport();
  if (PHASES.has('transfer')) await measureTransfer();

  // The export of the whole fifth-year log, streamed over HTTP: its time and the server's memory meanwhile.
  // The live heap, sampled after a full collection: what the server (and this reader) hold while a
  // million rows pass, not the garbage they leave for the collector.
  async function measureExport() {
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    collect();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    const sampler = setInterval(() => {
      collect();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 250);
    const exportStarted = performance.now();
    const response = await fetch(`${base}${api.audit.export.path}?configuration=${BIG}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv' }),
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    clearInterval(sampler);
    const seconds = (performance.now() - exportStarted) / 1000;
    console.log(
      `audit export, ${BIG}, CSV: ${(lines - 1).toLocaleString('en-US')} entries, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s ` +
        `(${Math.round((lines - 1) / seconds).toLocaleString('en-US')} entries/s); live heap grew ${((peak - heapBefore) / 1e6).toFixed(1)} MB at most`,
    );
  }

  // The fifth year moved whole: the transfer preview into an empty environment (the call the Transfer
  // screen makes), and the environment file's export and import (npm run env:export /
  // env:import: the same services; a file this size is beyond the API's body limit).
  async function measureTransfer() {
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return (performance.now() - started) / 1000;
    };
    const previewSeconds = await timed(async () => {
      const preview = await post(`${api.transfer.preview.path}?configuration=${BIG}`, {
        from: BIG,
        to: COPY,
        mode: 'overwrite',
      });
      if (preview.statusCode !== 200) throw new Error(`transfer preview: ${preview.body.slice(0, 200)}`);
    });
    console.log(
      `${BIG} moved whole: transfer preview into an empty environment ${previewSeconds.toFixed(1)} s`,
    );
    const folder = await mkdtemp(join(tmpdir(), 'bench-transfer-'));
    try {
      const file = join(folder, `${BIG}.json`);
      const io = { cwd: folder, out: () => {}, groups: app.transferGroups };
      const exportSeconds = await timed(() => runExport(app.unitOfWork, ['--env', BIG, '--out', file], io));
      const { size } = await stat(file);
      console.log(
        `${BIG} moved whole: environment file export ${exportSeconds.toFixed(1)} s (${(size / 1e6).toFixed(0)} MB)`,
      );
      const started = performance.now();
      try {
        await runImport(
          app.unitOfWork,
          ['--file', file, '--env', COPY, '--apply', '--email', 'bench@example.com'],
          io,
        );
        const importSeconds = (performance.now() - started) / 1000;
        console.log(
          `${BIG} moved whole: import (preview, then apply in one transaction) ${importSeconds.toFixed(1)} s`,
        );
      } catch (error) {
        // A figure, not a crash: the import is one transaction, bounded by DATABASE_TRANSACTION_TIMEOUT_SECONDS.
        const reason = (error instanceof Error ? error.message : String(error)).trim().split('\n').at(-1);
        console.log(
          `${BIG} moved whole: import FAILED after ${((performance.now() - started) / 1000).toFixed(1)} s: ${reason}`,
        );
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
} finally {
  await bare.close();
  await bench.close();
}
