import { createHash } from 'node:crypto';
import { BODY_TOO_DEEP_MESSAGE } from '@console/domain/api';
import { type EnvironmentFile, formatEnvironmentFile } from '@console/domain/environment-file';
import { TRANSFER_STALE_PREVIEW_MESSAGE, type TransferPreview } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  type EnvironmentContent,
  environmentContent,
  examplePlan,
  withEnvironment,
} from './environment-content.test-data.ts';

// Environment files over HTTP and a real PostgreSQL: the export, and the import as a transfer whose
// source is the file (preview, token, one audit entry, one runtime revision), its refusals, and what
// a concurrent change does to it.

const NICE_TOKEN = 'nice-token-that-must-never-leave';

describe('environment files', () => {
  let t: TestApp;
  let cookie: string;
  let c: EnvironmentContent;
  let source: string;
  let file: EnvironmentFile;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('files@example.com');
    c = environmentContent(t, cookie);
    source = await c.newEnvironment('src');
    await c.fill(source, examplePlan('f'));
    await c.addSecretsAndPlayerData(source, NICE_TOKEN);
    file = await c.exportOf(source);
  });

  const transferAudit = async (environment: string) =>
    (await t.auditEntries(cookie, environment)).filter((entry) => entry.action === 'environment.transfer');

  it('exports the whole content in a stable order, without the NICE token, keys or player data', async () => {
    const text = formatEnvironmentFile(file);
    expect(text).not.toContain(NICE_TOKEN);
    expect(text).not.toContain('game-server-key');
    expect(text).not.toContain('player-7');
    expect(Object.keys(file.groups)).toEqual(['Release info', 'Plugins', 'A/B-tests', 'Configurations']);
    const duel = file.groups.Plugins.find((plugin) => plugin.id === 4)!;
    expect(duel).toMatchObject({ active: true, title: 'DUEL' });
    expect(duel.payload.active).toHaveLength(1);
    expect(duel.payload.draft).toHaveLength(1);
    const rollout = file.groups['A/B-tests'].find((abTest) => abTest.id === 'f-race-rollout')!;
    expect(rollout.payload.versions.map((version) => version.ranges !== null)).toEqual([true, true, false]);
    expect(file.groups['A/B-tests'].find((abTest) => abTest.id === 'f-duel-split')!.payload.segment).toEqual({
      conditions: [{ property: 2, op: 1, value: 'ios' }],
    });
    expect(file.groups['Release info'].map((item) => item.payload)).toEqual([
      { minimumVersion: '1.2', remindVersion: '1.4.0' },
      { maxLevel: 40, nextMaxLevel: 60, nextReleaseTimeMs: 0 },
      { keyValue: 'sale=on;' },
    ]);
    // Exported again, it is the same text
    expect(formatEnvironmentFile(await c.exportOf(source))).toBe(text);
  });

  it('imports a file into an empty environment: the preview, then one audit entry and one revision', async () => {
    const destination = await c.newEnvironment('dst');
    const revisionBefore = await c.latestRevisionOf(destination);
    const preview = await c.importPreviewCall({ file, to: destination, mode: 'overwrite' });
    expect(preview.statusCode, preview.body).toBe(200);
    const planned: TransferPreview = preview.json().payload;
    expect(Object.keys(planned.groups)).toEqual(['Release info', 'Plugins', 'A/B-tests', 'Configurations']);
    expect(planned.missing).toEqual([]);
    expect(planned.groups['A/B-tests']!.map((row) => row.operation)).toEqual(['create', 'create', 'create']);

    const response = await c.importCall({
      file,
      to: destination,
      mode: 'overwrite',
      previewToken: planned.previewToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const sha256 = createHash('sha256').update(formatEnvironmentFile(file)).digest('hex');
    expect(response.json().payload).toMatchObject({
      from: 'file',
      to: destination,
      mode: 'overwrite',
      counts: { create: 6 },
      file: { environment: source, format: 1, sha256 },
    });

    expect(await c.exportOf(destination)).toEqual(withEnvironment(file, destination));
    const entries = await transferAudit(destination);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.attributes).toMatchObject({
      from: 'file',
      mode: 'overwrite',
      file: { environment: source, format: 1, sha256 },
    });
    expect(await c.latestRevisionOf(destination)).toBe(revisionBefore + 1);
    // The destination's own NICE token is left alone
    expect(await c.payloadOf('/api/nice/get', undefined, destination)).toEqual({ authToken: '' });
  });

  it('merges into an environment, keeping what only it has; overwriting removes it', async () => {
    const destination = await c.newEnvironment('mrg');
    await c.payloadOf('/api/abtest/create', { id: 'only-here', description: 'mine', type: 0 }, destination);
    expect((await c.importFile({ file, to: destination, mode: 'merge' })).statusCode).toBe(200);
    const merged = await c.exportOf(destination);
    expect(merged.groups['A/B-tests'].map((abTest) => abTest.id)).toContain('only-here');

    const overwrite = await c.importFile({ file, to: destination, mode: 'overwrite' });
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    expect(overwrite.json().payload.counts).toMatchObject({ delete: 1 });
    expect(await c.exportOf(destination)).toEqual(withEnvironment(file, destination));
  });

  it('imports chosen groups only, and refuses a partial import that would leave a plugin lacking what it needs', async () => {
    const destination = await c.newEnvironment('part');
    const refused = await c.importFile({ file, to: destination, mode: 'overwrite', groups: ['Plugins'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(
      /^Transfer refused: the destination would lack A\/B-test 'f-duel-split'/,
    );

    const carried = await c.importFile({ file, to: destination, mode: 'merge', groups: ['Plugins'] });
    expect(carried.statusCode, carried.body).toBe(200);
    const after = await c.exportOf(destination);
    expect(after.groups.Plugins).toEqual(file.groups.Plugins);
    // What the plugins need came along; the unused A/B-test did not
    expect(after.groups['A/B-tests'].map((abTest) => abTest.id)).toEqual(['f-duel-split', 'f-race-rollout']);
  });

  describe('a malformed or hostile file', () => {
    let destination: string;
    let before: EnvironmentFile;
    let revisionBefore: number;
    beforeAll(async () => {
      destination = await c.newEnvironment('safe');
      await c.fill(destination, examplePlan('s'));
      before = await c.exportOf(destination);
      revisionBefore = await c.latestRevisionOf(destination);
    });

    // biome-ignore lint/suspicious/noExplicitAny: the cases break the file's fields one by one, at any depth
    type Json = Record<string, any>;
    /** The exported file changed by `change`, made when the test runs (after the export). */
    const edited = (change: (copy: Json) => void) => () => {
      const copy = structuredClone(file) as unknown as Json;
      change(copy);
      return copy;
    };
    const body = (sent: unknown) => ({ file: sent, to: destination, mode: 'overwrite' });
    const raw = (text: string, url = '/api/configuration/import/preview') =>
      t.request({
        method: 'POST',
        url: `${url}?configuration=${destination}`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: text,
      });

    it.each([
      [
        'wrong types',
        edited((copy) => (copy.groups.Plugins = 'all of them')),
        'file.groups.Plugins: Plugins must be a list of items',
      ],
      [
        'a newer format',
        edited((copy) => (copy.format = 7)),
        'file.format: 7 is newer than this console reads (format 1)',
      ],
      ['no format', edited((copy) => delete copy.format), 'file.format: is missing'],
      [
        'an unknown field',
        edited((copy) => (copy.groups.Plugins[0].payload.owner = 'me')),
        'file.groups.Plugins.0.payload: Unrecognized key: "owner"',
      ],
      [
        'an unknown field inside a configuration',
        edited((copy) => (copy.groups.Configurations[0].payload.data.hidden = true)),
        "file.groups.Configurations.0.payload.data: has the unknown field 'hidden'",
      ],
      [
        'the NICE group',
        edited((copy) => (copy.groups['NICE config'] = [])),
        'file.groups: Unrecognized key: "NICE config"',
      ],
      [
        'an id with a control character',
        edited((copy) => (copy.groups.Configurations[0].id = 'f-duel-a\u001b[2J')),
        'file.groups.Configurations.0.id: Configuration ID may contain only letters, digits, - and _',
      ],
      [
        'an id with a NUL character',
        edited((copy) => (copy.groups['A/B-tests'][0].id = 'a\u0000b')),
        'file.groups.A/B-tests.0.id: must not contain the NUL character (U+0000)',
      ],
      [
        'an inconsistent reference',
        edited(
          (copy) =>
            (copy.groups.Plugins.find(
              (plugin: { id: number }) => plugin.id === 4,
            ).payload.active[0].abTestVersion = 9),
        ),
        'has no version 9 in the file',
      ],
      [
        'an item listed twice',
        edited((copy) => copy.groups.Configurations.push(copy.groups.Configurations[0])),
        'is listed twice in Configurations',
      ],
      ['not a file at all', () => 'prod.json', 'file: must be an environment file'],
    ])('refuses %s with 400 naming the field, and changes nothing', async (_what, sent, expected) => {
      for (const url of ['/api/configuration/import/preview', '/api/configuration/import']) {
        const response = await c.call(url, { ...body(sent()), previewToken: 'forged' }, destination);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error).toContain(expected);
      }
    });

    it('refuses a file nested deeper than the limit, and one larger than the body limit', async () => {
      const nestedFile = (depth: number) =>
        `{"file":{"format":1,"environment":"x","groups":${'['.repeat(depth)}${']'.repeat(depth)}},"to":"${destination}","mode":"merge"}`;
      const tooDeep = await raw(nestedFile(200));
      expect(tooDeep.statusCode, tooDeep.body).toBe(400);
      expect(tooDeep.json().error).toMatch(
        /^file\.groups\.(0\.)*…\(\d+ more\)…(\.0)+: is nested deeper than 64 levels$/,
      );
      // deeper than any body may nest: refused from its text, before it is parsed
      const far = await raw(nestedFile(20_000));
      expect(far.statusCode, far.body).toBe(400);
      expect(far.json().error).toBe(BODY_TOO_DEEP_MESSAGE);

      const huge = JSON.stringify(body({ ...file, padding: 'x'.repeat(1_100_000) }));
      const tooLarge = await raw(huge, '/api/configuration/import');
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toHaveProperty('error');
    });

    it('has left the destination, its audit log and its runtime as they were', async () => {
      expect(await c.exportOf(destination)).toEqual(before);
      expect(await transferAudit(destination)).toEqual([]);
      expect(await c.latestRevisionOf(destination)).toBe(revisionBefore);
    });
  });

  it('refuses an import whose destination changed since the preview, and applies nothing', async () => {
    const destination = await c.newEnvironment('stale');
    const preview = await c.importPreviewCall({ file, to: destination, mode: 'overwrite' });
    await c.payloadOf('/api/release/kv/set', { keyValue: 'changed=yes;' }, destination);
    const response = await c.importCall({
      file,
      to: destination,
      mode: 'overwrite',
      previewToken: preview.json().payload.previewToken,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(TRANSFER_STALE_PREVIEW_MESSAGE);
    expect((await c.exportOf(destination)).groups.Plugins.every((plugin) => !plugin.active)).toBe(true);
    expect(await transferAudit(destination)).toEqual([]);
  });

  it('an import and a concurrent change: the change lands after the import, or the import is refused', async () => {
    for (let round = 0; round < 3; round += 1) {
      const destination = await c.newEnvironment('race');
      const original = await c.exportOf(destination);
      const preview = await c.importPreviewCall({ file, to: destination, mode: 'overwrite' });
      const [imported] = await Promise.all([
        c.importCall({
          file,
          to: destination,
          mode: 'overwrite',
          previewToken: preview.json().payload.previewToken,
        }),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, round * 5));
          await c.payloadOf('/api/release/kv/set', { keyValue: 'raced=yes;' }, destination);
        })(),
      ]);
      expect([200, 409], imported!.body).toContain(imported!.statusCode);
      const expected = imported!.statusCode === 200 ? withEnvironment(file, destination) : original;
      const after = await c.exportOf(destination);
      // Everything is the import's outcome (or the original), except the key-value text the change wrote
      expect(after.groups['Release info'].find((item) => item.id === 'kv')!.payload).toEqual({
        keyValue: 'raced=yes;',
      });
      const withoutKv = (content: EnvironmentFile) => ({
        ...content.groups,
        'Release info': content.groups['Release info'].filter((item) => item.id !== 'kv'),
      });
      expect(withoutKv(after)).toEqual(withoutKv(expected));
      expect(await transferAudit(destination)).toHaveLength(imported!.statusCode === 200 ? 1 : 0);
    }
  });
});

describe('environment files into a protected environment', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com', DEFAULT_ROLE: 'operator' });
  });

  it('lets an operator preview an import into prod but only an admin apply it', async () => {
    const operator = environmentContent(t, await t.login('operator@example.com'));
    const admin = environmentContent(t, await t.login('boss@example.com'));
    const file = await operator.exportOf('dev');
    const body = { file, to: 'prod', mode: 'merge' };
    const preview = await operator.importPreviewCall(body);
    expect(preview.statusCode, preview.body).toBe(200);
    const previewToken = preview.json().payload.previewToken;

    const refused = await operator.importCall({ ...body, previewToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Requires admin rights in prod (a protected environment)');

    const applied = await admin.importCall({ ...body, previewToken });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().payload).toMatchObject({ from: 'file', to: 'prod', file: { environment: 'dev' } });
  });
});
