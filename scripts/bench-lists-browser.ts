// `npm run bench` (lists in the browser): in headless Chromium, the time from navigating to /abtest and
// /config until their first rows are visible, on an environment in its fifth year (10,000 A/B-tests and
// 10,000 configurations, seeded as `npm run db:seed -- --size fifth-year` seeds them, with a short audit
// log: the lists do not read it) against one of 20 rows. Each page is loaded afresh (no query cache),
// alternating the environments, and the median printed with the ratio fifth-year / 20 rows (goal ≤ 1.5).
// Figures, not pass/fail; all measured in this run, on this machine's shared cores.
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { analyzeSeeded, SEED_SIZES, seedFifthYear } from '../apps/server/src/db/seed-fifth-year.ts';
import { WEB_DIST_DIR } from '../apps/server/src/settings.ts';
import { startBenchConsole } from './bench-console.ts';

const RATIO_GOAL = 1.5;
const ROUNDS = 7;
const BIG = 'fifth-year';
const SMALL = 'twenty-rows';
const OPERATOR = 'bench@example.com';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// The lists' rows only; the audit log is another screen (its own benchmark seeds a million entries).
const FIFTH_YEAR_LISTS = { ...SEED_SIZES['fifth-year'], auditEntries: 1_000 };

const LISTS = [
  { path: '/abtest', table: 'AB-tests' },
  { path: '/config', table: 'Configurations' },
] as const;

if (!existsSync(`${WEB_DIST_DIR}/index.html`)) {
  throw new Error('apps/web/dist is missing: run `npx turbo run build --filter=@console/web` first');
}
if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: set CHROMIUM_PATH`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const bench = await startBenchConsole();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
try {
  for (const id of [BIG, SMALL]) {
    const created = await bench.post('/api/configuration/save', { configurationId: id });
    if (created.statusCode !== 200) throw new Error(`creating ${id}: ${created.body}`);
  }
  const owner = new pg.Client({ connectionString: bench.databaseUrl });
  await owner.connect();
  try {
    const started = performance.now();
    await seedFifthYear(owner, BIG, FIFTH_YEAR_LISTS);
    await seedFifthYear(owner, SMALL, SEED_SIZES.small);
    await analyzeSeeded(owner);
    console.log(
      `\nLists in Chromium: seeded ${BIG} and ${SMALL} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await owner.end();
  }

  const url = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(OPERATOR);
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await page.getByRole('heading', { name: 'Orchestrate your game servers' }).waitFor();

  /** Milliseconds from starting the navigation until the list's first row is visible. */
  const firstRows = async (environment: string, list: (typeof LISTS)[number]) => {
    // The environment the web app opens in (the shell's stored choice).
    await page.evaluate(
      (id) => localStorage.setItem('configuration.active', JSON.stringify(id)),
      environment,
    );
    const started = performance.now();
    await page.goto(`${url}${list.path}`, { waitUntil: 'commit' });
    await page.getByRole('table', { name: list.table }).locator('tbody tr a').first().waitFor();
    return performance.now() - started;
  };

  console.log(
    `  ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}; median of ${ROUNDS} loads`,
  );
  for (const list of LISTS) {
    // One load of each first: the browser's cache holds the app's code before anything is timed.
    await firstRows(SMALL, list);
    await firstRows(BIG, list);
    const times: Record<string, number[]> = { [BIG]: [], [SMALL]: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const environment of round % 2 === 0 ? [SMALL, BIG] : [BIG, SMALL]) {
        times[environment]!.push(await firstRows(environment, list));
      }
    }
    const big = median(times[BIG]!);
    const small = median(times[SMALL]!);
    const ratio = big / small;
    console.log(
      `  ${list.path.padEnd(8)} first rows: ${BIG} ${big.toFixed(0)} ms, ${SMALL} ${small.toFixed(0)} ms, ` +
        `ratio ${ratio.toFixed(2)} (goal ≤ ${RATIO_GOAL})${ratio <= RATIO_GOAL ? '' : '  OVER GOAL'}`,
    );
  }
  await context.close();
} finally {
  await browser.close();
  await bench.close();
}
