import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EnvironmentFile, formatEnvironmentFile } from '@console/domain/environment-file';
import { reviewRequiredMessage } from '@console/domain/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { REPO_ROOT } from '../../settings.ts';
import { runProcess } from '../../testing/server-process.ts';
import {
  type EnvironmentContent,
  environmentContent,
  examplePlan,
  withEnvironment,
} from './environment-content.test-data.ts';
import { CommandError, runExport, runImport } from './environment-file.commands.ts';

// `npm run env:export` and `npm run env:import` on the test file's real database: the entry point run
// as a process (as npm runs it), and the commands in this process for their refusals and the import.

const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');
const ENTRY = join(REPO_ROOT, 'apps/server/src/features/transfer/environment-file.cli.ts');

describe('environment file commands', () => {
  let t: TestApp;
  let c: EnvironmentContent;
  let source: string;
  let folder: string;
  let printed: string[];
  const io = () => ({ cwd: folder, out: (text: string) => printed.push(text), groups: t.app.transferGroups });

  beforeAll(async () => {
    // A loopback webhook address is allowed: nothing is delivered here (no workers), messages are only written
    t = await createTestApp({ ADMIN_EMAILS: 'cli@example.com', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' });
    c = environmentContent(t, await t.login('cli@example.com'));
    source = await c.newEnvironment('cli');
    await c.fill(source, examplePlan('c'));
    folder = await mkdtemp(join(tmpdir(), 'env-file-'));
  });

  /** The entry point run as npm runs it, on this file's database, from `folder`. */
  const cli = (args: string[]) =>
    runProcess(TSX, [ENTRY, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.databaseUrl, INIT_CWD: folder },
    });
  const transferAudit = async (environment: string) =>
    (await t.auditEntries(await t.login('cli@example.com'), environment)).filter(
      (entry) => entry.action === 'environment.transfer',
    );

  it('env:export writes the file the API exports, relative to where npm was run', async () => {
    const { code, stdout, stderr } = await cli(['export', '--env', source, '--out', 'out.json']);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`Exported ${source} to ${join(folder, 'out.json')}`);
    const written = await readFile(join(folder, 'out.json'), 'utf8');
    expect(written).toBe(formatEnvironmentFile(await c.exportOf(source)));
  });

  it('env:import --apply is refused in an environment that requires review, as the API refuses it, and changes nothing', async () => {
    const destination = await c.newEnvironment('cli-rev');
    const policy = { isRequired: true, approvals: 1, allowSelfApproval: false, resetApprovalsOnChange: true };
    await c.payloadOf('/api/change-request/policy/set', policy, destination);
    const before = await c.exportOf(destination);
    const revisionBefore = await c.latestRevisionOf(destination);
    const file = await c.exportOf(source);
    await writeFile(join(folder, 'reviewed.json'), formatEnvironmentFile(file));

    const api = await c.importFile({ file, to: destination, mode: 'merge' });
    expect(api.statusCode, api.body).toBe(409);
    expect(api.json().error).toBe(reviewRequiredMessage(destination));
    const argv = ['--file', 'reviewed.json', '--env', destination, '--mode', 'merge', '--apply'];
    const { code, stdout, stderr } = await cli(['import', ...argv, '--email', 'ops@example.com']);
    expect(code, stdout).toBe(1);
    expect(stderr.trim()).toBe(reviewRequiredMessage(destination));
    expect(await c.exportOf(destination)).toEqual(before);
    expect(await transferAudit(destination)).toEqual([]);
    expect(await c.latestRevisionOf(destination)).toBe(revisionBefore);
  });

  it('env:import --apply as a process writes the webhook messages the API import writes', async () => {
    const destination = await c.newEnvironment('cli-hook');
    const created = await c.payloadOf(
      '/api/webhooks/create',
      { name: 'cli', url: 'http://127.0.0.1:9/hooks', events: ['runtime.revision.published'] },
      destination,
    );
    await writeFile(join(folder, 'hooked.json'), formatEnvironmentFile(await c.exportOf(source)));
    const argv = ['--file', 'hooked.json', '--env', destination, '--apply', '--email', 'ops@example.com'];
    const { code, stderr } = await cli(['import', ...argv]);
    expect(code, stderr).toBe(0);
    const messages = await t.app.db.$queryRaw<{ type: string; revision: number }[]>`
      SELECT "type", "revision" FROM "webhook_message" WHERE "subscription_id" = ${created.id}`;
    expect(messages).toEqual([
      { type: 'runtime.revision.published', revision: await c.latestRevisionOf(destination) },
    ]);
  });

  it('env:import previews without --apply and changes nothing', async () => {
    const destination = await c.newEnvironment('cli-dry');
    const before = await c.exportOf(destination);
    const path = join(folder, 'dry.json');
    await writeFile(path, formatEnvironmentFile(await c.exportOf(source)));
    printed = [];
    await runImport(t.app.unitOfWork, ['--file', 'dry.json', '--env', destination, '--mode', 'merge'], io());
    const text = printed.join('');
    expect(text).toContain(`Preview of Merge of ${path} (exported from ${source}) into ${destination}:`);
    expect(text).toMatch(/A\/B-tests: 3 to create, 0 to update, 0 to delete, 0 unchanged/);
    expect(text).toContain('Nothing changed');
    expect(await c.exportOf(destination)).toEqual(before);
    expect(await transferAudit(destination)).toEqual([]);
  });

  it('env:import --apply imports as one transfer: the same content, one audit entry naming who, one revision', async () => {
    const destination = await c.newEnvironment('cli-dst');
    const revisionBefore = await c.latestRevisionOf(destination);
    printed = [];
    await runExport(t.app.unitOfWork, ['--env', source, '--out', 'src.json'], io());
    const argv = ['--file', 'src.json', '--env', destination, '--apply', '--email', 'ops@example.com'];
    await runImport(t.app.unitOfWork, argv, io());
    expect(printed.join('')).toContain(`Imported into ${destination}: 6 created, 5 updated, 0 deleted`);
    const file: EnvironmentFile = JSON.parse(await readFile(join(folder, 'src.json'), 'utf8'));
    expect(await c.exportOf(destination)).toEqual(withEnvironment(file, destination));
    const entries = await transferAudit(destination);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ email: 'ops@example.com', attributes: { from: 'file' } });
    expect(await c.latestRevisionOf(destination)).toBe(revisionBefore + 1);
  });

  it('asks for the protected destination to be typed, and refuses bad options and files naming them', async () => {
    await runExport(t.app.unitOfWork, ['--env', source, '--out', 'prod-in.json'], io());
    const into = (extra: string[], file = 'prod-in.json') =>
      runImport(
        t.app.unitOfWork,
        ['--file', file, '--env', 'prod', '--apply', '--email', 'ops@example.com', ...extra],
        io(),
      );
    await expect(into([])).rejects.toThrow(
      new CommandError('prod is a protected environment: add --confirm prod to import into it'),
    );
    expect(await transferAudit('prod')).toEqual([]);

    await writeFile(join(folder, 'newer.json'), JSON.stringify({ format: 9, environment: 'x', groups: {} }));
    await expect(into([], 'newer.json')).rejects.toThrow(/^file\.format: 9 is newer than this console reads/);
    await writeFile(join(folder, 'broken.json'), '{"format": 1,');
    await expect(into([], 'broken.json')).rejects.toThrow(/^file: is not JSON/);
    await expect(into(['--mode', 'replace'])).rejects.toThrow(/^--mode: /);
    await expect(into(['--colour'])).rejects.toThrow(/Unknown option '--colour'/);
    await expect(into([], 'missing.json')).rejects.toThrow('--file: cannot read');
    expect(await transferAudit('prod')).toEqual([]);

    printed = [];
    await into(['--confirm', 'prod']);
    expect(printed.join('')).toContain('Imported into prod');
    expect(await transferAudit('prod')).toHaveLength(1);
  });
});
