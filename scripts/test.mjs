#!/usr/bin/env node
// `npm test`: lint (warnings are errors), typecheck every workspace, run every suite (unit,
// HTTP integration over real PostgreSQL, browser), then print one plain closing line
// "N passed, N failed, N skipped" summed over all suites, which CI reads.
import { spawnSync } from 'node:child_process';
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
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;
const turbo = join(root, 'node_modules/.bin/turbo');
const biome = join(root, 'node_modules/.bin/biome');

const checks = [
  ['lint', run(biome, ['check', '--error-on-warnings', '.'])],
  ['typecheck', run(turbo, ['run', 'typecheck', '--output-logs=errors-only'])],
  // Two at a time: the machines this runs on have two cores.
  ['tests', run(turbo, ['run', 'test', '--concurrency=2'])],
];

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
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedChecks.length ? 1 : 0);
