// `npm run bench` (search): every search call at 10 concurrent operators over HTTP (autocannon), on an
// environment in its fifth year (npm run db:seed -- --size fifth-year: 10,000 A/B-tests, 10,000
// configurations, 1,000,000 audit entries) and on one of 20 rows per list (and 20 more that the filtered
// calls find there: fillSmallPages), in pages of 20 that both fill (the items column prints each page's
// count; users are console-wide: the 40 operators of the fifth year's log, the same list in both), and the
// same call's service in a bare Fastify route (no session, rate limit, validation or answer schema: the
// query and JSON alone). Prints p99 (goal ≤ 50 ms), requests/s against the bare route (goal ≥ 0.5) and the
// p99 of the fifth year against the 20-row environment (goal ≤ 1.5), each the median of BENCH_SEARCH_ROUNDS
// rounds, then the export of the whole log, and the transfer preview, export and import of the whole
// fifth-year environment, in seconds. Figures, not pass/fail; all measured in this run, on this machine's
// shared cores.
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
import { median } from './bench-seed.ts';

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
/**
 * Rounds of each call's three loads (BENCH_SEARCH_ROUNDS, 5), each load ROUND_SECONDS long; each figure
 * is the median round's.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_SEARCH_ROUNDS ?? 5));
const ROUND_SECONDS = 3;
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
    // 20 rows of each list: 20 A/B-tests, 20 configurations of each kind, 20 audit entries, and the
    // 20 rows more each filtered call finds (fillSmallPages).
    await seedFifthYear(owner, SMALL, { ...SEED_SIZES.small, configurations: 20 * CONFIG_KIND_IDS.length });
    await fillSmallPages(owner);
    await analyzeSeeded(owner);
    console.log(
      `\nSearch: seeded ${BIG} and ${SMALL} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await owner.end();
  }

  // The staff that wrote the fifth year's log (operator-0 to operator-39) sign in once, as users are
  // made, so the users page fills too (each from an address of its own, under the sign-in's rate limit).
  for (let operator = 0; operator < 40; operator++) {
    const email = `operator-${operator}@fifth-year.example`;
    const login = await app.inject({
      method: 'POST',
      url: '/oauth/login/dev',
      payload: { email },
      remoteAddress: `10.0.0.${operator + 1}`,
    });
    if (login.statusCode !== 200) throw new Error(`signing in ${email}: ${login.body}`);
  }

  // A page in the middle of each environment's log: its cursor names the entry half-way, and carries
  // the total the first page counted, as a cursor the search answered does.
  const deepAuditCursorOf = async (environmentId: string) => {
    const [middle] = await app.db.$queryRawUnsafe<{ id: number }[]>(
      `SELECT id FROM audit_entry WHERE environment_id = $1 ORDER BY id
        OFFSET (SELECT count(*) / 2 FROM audit_entry WHERE environment_id = $1) LIMIT 1`,
      environmentId,
    );
    const firstAuditPage = await searchAudit(
      contextOf(environmentId),
      api.audit.search.body.parse({ limit: PAGE }),
    );
    const { counted } = decodeSearchCursor(firstAuditPage.nextCursor!, {
      sort: 'id',
      direction: 'desc',
      valueKind: 'number',
      keyKind: 'number',
    });
    return encodeSearchCursor({
      sort: 'id',
      direction: 'desc',
      value: middle!.id,
      key: middle!.id,
      ...(counted === undefined ? {} : { counted }),
    });
  };
  const deepAuditCursors = new Map([
    [BIG, await deepAuditCursorOf(BIG)],
    [SMALL, await deepAuditCursorOf(SMALL)],
  ]);

  // Each call with its body, and the service a bare route runs with the body as the schema parses it.
  type Service = (environmentId: string, body: never) => Promise<unknown>;
  const duel = configKindOf('duel');
  const operator = {
    email: 'bench@example.com',
    grants: { role: 'admin' as const, environments: new Map(), isConfiguredAdmin: true },
  };
  const cases: [string, AnyEndpoint, object | ((env: string) => object), Service][] = [
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
      (env: string) => ({ cursor: deepAuditCursors.get(env) }),
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
    `Search calls at ${OPERATORS} concurrent operators (autocannon; median of ${ROUNDS} rounds of ${ROUND_SECONDS} s of each load in turn; logs off; load average ${load1?.toFixed(1)} on ` +
      `${availableParallelism()} cores); goals: p99 ≤ ${LIST_PAGE_P99_BUDGET_MS} ms, ≥ ${THROUGHPUT_RATIO_GOAL} of the bare route's req/s, ` +
      `p99 ${BIG} / ${SMALL} ≤ ${P99_RATIO_GOAL}`,
  );
  console.log(
    `${'call'.padEnd(40)} ${'p99'.padStart(7)} ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ${'ratio'.padStart(6)} ${'20-row p99'.padStart(11)} ${'ratio'.padStart(6)} ${'items'.padStart(6)} ${'20-row'.padStart(6)}  rounds' p99 (ms)`,
  );
  /** The lowest and highest of the rounds' figures. */
  const spread = (values: readonly number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
  const ms = (result: LoadResult) => `${result.p99} ms`.padStart(7);
  const mark = (isMet: boolean) => (isMet ? ' ' : '!');
  let isWarm = false;
  for (const [index, [name, endpoint, body]] of cases.entries()) {
    if (!PHASES.has('search')) break;
    if (ONLY.length > 0 && !ONLY.some((part) => name.toLowerCase().includes(part))) continue;
    // Pages of 20, which the 20-row environment fills too: the two p99s compare pages of one length.
    const paged = (env: string) => ({ ...(typeof body === 'function' ? body(env) : body), limit: PAGE });
    parsedBodies.set(index, endpoint.body.parse(paged(BIG)));
    const call = (env: string) =>
      load({
        url: `${base}${endpoint.path}?configuration=${env}`,
        method: 'POST',
        cookie,
        body: paged(env),
        connections: OPERATORS,
        seconds: ROUND_SECONDS,
      });
    // How many items each environment's page holds, from one request before the load.
    const pageItems = async (env: string) => {
      const answer = await post(`${endpoint.path}?configuration=${env}`, paged(env));
      if (answer.statusCode !== 200) throw new Error(`${name} in ${env}: ${answer.body.slice(0, 200)}`);
      const { payload } = answer.json() as { payload: unknown[] | { items: unknown[] } };
      return (Array.isArray(payload) ? payload : payload.items).length;
    };
    const items = { big: await pageItems(BIG), small: await pageItems(SMALL) };
    // The first call measured would also pay for the process warming up (compiled code, the pool's
    // connections, PostgreSQL's caches of the plans' tables): one untimed load of it first.
    if (!isWarm) {
      await call(BIG);
      isWarm = true;
    }
    // The three loads in turn, ROUNDS times: a pause of the collector or of the machine's other work then
    // falls on one round of one of them, and the median round is the figure.
    const rounds: { big: LoadResult; bare: LoadResult; small: LoadResult }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({
        big: await call(BIG),
        bare: await load({
          url: `${addressOf(bare)}/case/${index}/${BIG}`,
          method: 'POST',
          body: {},
          connections: OPERATORS,
          seconds: ROUND_SECONDS,
        }),
        small: await call(SMALL),
      });
    }
    const big = medianOf(rounds.map((round) => round.big));
    const bareBig = medianOf(rounds.map((round) => round.bare));
    const small = medianOf(rounds.map((round) => round.small));
    const throughput = big.requestsPerSecond / bareBig.requestsPerSecond;
    const p99Ratio = big.p99 / Math.max(small.p99, 1);
    const failures = big.failures + bareBig.failures + small.failures;
    console.log(
      `${name.padEnd(40)} ${ms(big)}${mark(big.p99 <= LIST_PAGE_P99_BUDGET_MS)}${String(Math.round(big.requestsPerSecond)).padStart(7)} ` +
        `${String(Math.round(bareBig.requestsPerSecond)).padStart(7)} ${throughput.toFixed(2).padStart(6)}${mark(throughput >= THROUGHPUT_RATIO_GOAL)}` +
        `${ms(small).padStart(11)} ${p99Ratio.toFixed(2).padStart(6)}${mark(p99Ratio <= P99_RATIO_GOAL)}` +
        `${String(items.big).padStart(6)}${mark(items.big === PAGE)}${String(items.small).padStart(6)}${mark(items.small === PAGE)}` +
        `  ${spread(rounds.map((round) => round.big.p99))} / ${spread(rounds.map((round) => round.small.p99))}` +
        `${failures ? `  ${failures} FAILED` : ''}`,
    );
  }
  console.log(
    "(! marks a figure that misses its goal, or a page that does not fill; items: the page's items in each environment; bare: the same service with the same parsed body in a Fastify route without the console's hooks; rounds' p99: lowest-highest in the fifth year / the 20-row environment)",
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

/** Each figure of the rounds taken apart: the median of their p50s, p99s, requests and rates; failures summed. */
function medianOf(results: readonly LoadResult[]): LoadResult {
  const of = (figure: (result: LoadResult) => number) => median(results.map(figure));
  return {
    requests: of((result) => result.requests),
    p50: of((result) => result.p50),
    p99: of((result) => result.p99),
    requestsPerSecond: of((result) => result.requestsPerSecond),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
  };
}

/**
 * The 20-row environment's rows for the filtered calls, so that each call's page of 20 fills there as it
 * does in the fifth year (the p99s compare pages of one length): 20 A/B-tests whose description holds
 * 'sale', active and in no plugin's entries; 20 duel configurations switched on and held by the duel
 * plugin's draft; 20 audit entries of operator-7's plugin.draft.save dated 350 days back (inside the date
 * range called). Copies of a seeded row each, so they read back as the seed's rows do; the audit entries
 * go through audit_seal as audit_append's do, and are sealed at commit.
 */
async function fillSmallPages(owner: pg.Client) {
  const extra = 20;
  await owner.query('BEGIN');
  try {
    const [template] = (
      await owner.query<{ id: string }>(
        'SELECT id FROM ab_test WHERE environment_id = $1 AND active ORDER BY id LIMIT 1',
        [SMALL],
      )
    ).rows;
    await owner.query(
      `INSERT INTO ab_test (environment_id, id, description, type, active, case_descriptions, segment, salt,
                            created, modified, last_modifier)
       SELECT t.environment_id, 'ab-sale-' || lpad(i::text, 2, '0'), 'Summer sale ' || i, t.type, true,
              t.case_descriptions, t.segment, md5(t.salt || i), t.created, t.modified + i * interval '1 minute',
              t.last_modifier
         FROM ab_test t CROSS JOIN generate_series(1, $3::int) AS i
        WHERE t.environment_id = $1 AND t.id = $2`,
      [SMALL, template!.id, extra],
    );
    await owner.query(
      `INSERT INTO ab_test_version (environment_id, ab_test_id, version, active, cases, ranges, created, last_modifier)
       SELECT v.environment_id, 'ab-sale-' || lpad(i::text, 2, '0'), v.version, v.active, v.cases, v.ranges,
              v.created, v.last_modifier
         FROM ab_test_version v CROSS JOIN generate_series(1, $3::int) AS i
        WHERE v.environment_id = $1 AND v.ab_test_id = $2`,
      [SMALL, template!.id, extra],
    );
    const duel = configKindOf('duel');
    await owner.query(
      `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, created,
                                  modified, last_modifier)
       SELECT c.environment_id, 'duel-in-use-' || lpad(i::text, 2, '0'), c.kind, c.description || ' in use ' || i,
              true, c.activation, c.data, c.created, c.modified + i * interval '1 minute', c.last_modifier
         FROM (SELECT * FROM configuration WHERE environment_id = $1 AND kind = $2 AND active ORDER BY id LIMIT 1) c
        CROSS JOIN generate_series(1, $3::int) AS i`,
      [SMALL, duel.id, extra],
    );
    // The duel plugin's draft holds them, one entry each, after its seeded entries.
    await owner.query(
      `INSERT INTO plugin_ab_test_entry (environment_id, plugin_id, state, position, ab_test_id, ab_test_version,
                                         configurations)
       SELECT e.environment_id, e.plugin_id, 'draft', e.position + i, e.ab_test_id, e.ab_test_version,
              ARRAY['duel-in-use-' || lpad(i::text, 2, '0'), e.configurations[2]]
         FROM (SELECT * FROM plugin_ab_test_entry WHERE environment_id = $1 AND plugin_id = $2 AND state = 'draft'
                ORDER BY position DESC LIMIT 1) e
        CROSS JOIN generate_series(1, $3::int) AS i`,
      [SMALL, duel.pluginId, extra],
    );
    await owner.query(
      `WITH added AS (
         INSERT INTO audit_entry (environment_id, action, target, email, created, attributes)
         SELECT $1, 'plugin.draft.save', 'plugin-' || i, 'operator-7@fifth-year.example',
                $2::timestamptz + i * interval '1 hour', jsonb_build_object('filled', i)
           FROM generate_series(1, $3::int) AS i
          ORDER BY i
         RETURNING id)
       INSERT INTO audit_seal (entry_id, chain) SELECT id, $1 FROM added ORDER BY id`,
      [SMALL, new Date(Date.now() - 350 * 86_400_000).toISOString(), extra],
    );
    await owner.query('COMMIT');
  } catch (error) {
    await owner.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
