#!/usr/bin/env node
// `npm test`: lint (warnings are errors), typecheck every workspace, run every suite (unit,
// HTTP integration over real PostgreSQL, browser), then print one plain closing line
// "N passed, N failed, N skipped" summed over all suites, which CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = [
  'packages/domain',
  'packages/runtime-spec',
  'packages/runtime-client',
  'apps/server',
  'apps/web',
  'apps/e2e',
];
const reportOf = (workspace) => join(root, workspace, 'test-results.json');
for (const workspace of workspaces) rmSync(reportOf(workspace), { force: true });

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const startedAt = Date.now();
const seconds = (ms) => {
  const total = Math.round(ms / 1000);
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
};
const timings = [];
const run = (name, command, args) => {
  const start = Date.now();
  const status = spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
  timings.push(`${name} ${seconds(Date.now() - start)}`);
  return [name, status];
};
/** As run, without waiting: for what runs beside something else. */
const runBeside = (name, command, args) =>
  new Promise((resolve) => {
    const start = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    const done = (status) => {
      timings.push(`${name} ${seconds(Date.now() - start)}`);
      resolve([name, status ?? 1]);
    };
    child.once('exit', done);
    child.once('error', () => done(1));
  });
const turbo = join(root, 'node_modules/.bin/turbo');
const biome = join(root, 'node_modules/.bin/biome');
const tsc = join(root, 'node_modules/.bin/tsc');

const checks = [
  run('lint', biome, ['check', '--error-on-warnings', '.']),
  // What the suites need built (the web app the browser tests serve, the SDK's bundle, the server's
  // build), which also generates the Prisma client every suite imports.
  run('build', turbo, ['run', 'build', '--output-logs=errors-only']),
];
/** Several steps one after another in one lane: all run (--continue), each counted. */
const inSequence = async (...steps) => {
  const results = [];
  for (const step of steps) results.push(await step());
  return results;
};
// Then two lanes at once (--only: what they depend on was built above, so the lanes never write the
// same generated files), balanced by their measured times on the two-core machines this runs on:
// the typecheck, the web app's tests (one worker) and the browser tests (two files at a time; most of
// their CPU is Chromium's) in one; the domain's, the runtime specification's, the SDK's and the server's
// (two workers) in the other. Each lane ends with a suite of two workers, so whichever lane finishes
// first, the other still keeps both cores busy; a one-worker suite last left a core idle to the end.
// --continue: every suite runs and is counted even when an earlier one failed.
const suites = await Promise.all([
  inSequence(
    // One `tsc -b` over the solution (tsconfig.json): every workspace checked once, in dependency order.
    // One checker per project instead of TypeScript's four: each checker computes the shared types
    // (Fastify's instance, MUI's, zod's) again for itself, and the other lane already takes a core.
    // The same diagnostics for 20-27 core-seconds instead of 45.
    () => runBeside('typecheck', tsc, ['-b', '--checkers', '1']),
    () => runBeside('web tests', turbo, ['run', 'test', '--only', '--filter=@console/web']),
    () => runBeside('browser tests', turbo, ['run', 'test', '--only', '--filter=@console/e2e']),
  ),
  inSequence(() =>
    runBeside('other tests', turbo, [
      'run',
      'test',
      '--only',
      '--filter=!@console/e2e',
      '--filter=!@console/web',
      '--concurrency=1',
      '--continue',
    ]),
  ),
]);
checks.push(...suites.flat());

let passed = 0;
let failed = 0;
let skipped = 0;
for (const workspace of workspaces) {
  if (!existsSync(reportOf(workspace))) continue;
  const report = JSON.parse(readFileSync(reportOf(workspace), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${workspace}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
const failedChecks = checks.filter(([, status]) => status !== 0).map(([name]) => name);
if (failedChecks.length) console.log(`failed: ${failedChecks.join(', ')}`);
// .ci/run says when it started (before installing Node, Chromium and the packages).
const ciStartedAt = Number(process.env.CI_STARTED_AT_MS) || undefined;
console.log(
  `npm test took ${seconds(Date.now() - startedAt)} (${timings.join(', ')})` +
    (ciStartedAt ? `; CI so far ${seconds(Date.now() - ciStartedAt)}` : ''),
);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
// A failed test fails the run even if its runner exited 0.
process.exit(failedChecks.length || failed > 0 ? 1 : 0);
