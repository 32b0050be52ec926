import { PluginId, type PluginName } from '@console/domain/enums';
import type { TransferDependency, TransferPreview } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertEntryRow, pluginEntriesOf, validItem } from '../config/config.test-data.ts';
import { pluginTransferGroup } from '../plugin/plugin.transfer-group.ts';

// Transfer with dependency closure: plugin entries travel, the preview lists what they
// need, and no transfer leaves a destination plugin pointing at what the destination lacks.
// Every test works in environments of its own, so one test's plugins never show in another's preview.

type Body = Record<string, unknown>;

describe('transfer with dependency closure', () => {
  let t: TestApp;
  let cookie: string;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('closure@example.com');
  });

  const call = (url: string, body: unknown, environment: string) =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const payloadOf = async (url: string, body: unknown, environment: string) => {
    const response = await call(url, body, environment);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().payload;
  };
  const newEnvironment = async () => {
    const id = unique('env');
    await payloadOf('/api/configuration/save', { configurationId: id }, 'dev');
    return id;
  };
  const createConfig = (environment: string, id: string, extra: Body = {}) =>
    payloadOf('/api/config/duel/create', validItem('duel', id, extra), environment);
  const createAbTest = async (environment: string, id: string, weights: number[]) => {
    await payloadOf('/api/abtest/create', { id, description: `about ${id}`, type: 0 }, environment);
    const { version } = await payloadOf('/api/abtest/versions/save', { id, weights }, environment);
    await payloadOf('/api/abtest/activate/version', { id, version }, environment);
    await payloadOf('/api/abtest/activate/test', { id, active: true }, environment);
    return version as number;
  };
  let position = 0;
  const addEntry = (
    environmentId: string,
    plugin: PluginName,
    set: 'active' | 'draft',
    abTestId: string,
    configurations: string[],
  ) =>
    insertEntryRow(t.app.db, {
      environmentId,
      pluginId: PluginId[plugin],
      set,
      position: position++,
      abTestId,
      abTestVersion: 0,
      configurations,
    });

  /** A source environment whose DUEL serves two configurations through one A/B-test, plus unused ones. */
  async function sourceWithDuel() {
    const source = await newEnvironment();
    const abTestId = unique('ab');
    const [control, treatment, unused] = [unique('ctl'), unique('trt'), unique('unused')];
    await createAbTest(source, abTestId, [300_000, 700_000]);
    await createAbTest(source, unique('ab-unused'), [1_000_000]);
    await createConfig(source, control, { active: true });
    await createConfig(source, treatment, { active: true, description: 'the treatment' });
    await createConfig(source, unused);
    await addEntry(source, 'DUEL', 'active', abTestId, [control, treatment]);
    await addEntry(source, 'DUEL', 'draft', abTestId, [treatment, '']);
    await payloadOf('/api/plugin/activate', { pluginId: PluginId.DUEL, active: true }, source);
    return { source, abTestId, control, treatment, unused };
  }

  const preview = (body: Body) =>
    payloadOf('/api/configuration/transfer/preview', body, body.from as string) as Promise<TransferPreview>;
  const transfer = async (body: Body) => {
    const { previewToken } = await preview(body);
    return call('/api/configuration/transfer', { ...body, previewToken }, body.from as string);
  };
  const summaryOf = (dependencies: TransferDependency[]) =>
    dependencies.map((dependency) => [
      dependency.group,
      dependency.id,
      dependency.version,
      dependency.status,
      dependency.outcome,
    ]);
  const transferAudit = async (environment: string) =>
    (await t.auditEntries(cookie, environment)).filter((entry) => entry.action === 'environment.transfer');

  it('makes a draft the destination loaded before the transfer stale: activating it is refused', async () => {
    const { source } = await sourceWithDuel();
    const destination = await newEnvironment();
    const loaded = await payloadOf('/api/plugin/get', { pluginId: PluginId.DUEL }, destination);
    const response = await transfer({ from: source, to: destination, mode: 'merge', groups: ['Plugins'] });
    expect(response.statusCode, response.body).toBe(200);

    const after = await payloadOf('/api/plugin/get', { pluginId: PluginId.DUEL }, destination);
    expect(after.data.activeRevision).toBeGreaterThan(loaded.data.activeRevision);
    expect(after.data.draftRevision).toBeGreaterThan(loaded.data.draftRevision);
    const stale = await call(
      '/api/plugin/draft/activate',
      { pluginId: PluginId.DUEL, draftRevision: loaded.data.draftRevision },
      destination,
    );
    expect(stale.statusCode).toBe(409);
  });

  it('transfers one plugin with its A/B-test and configurations into an empty environment; a case resolves to the same configuration on both sides', async () => {
    const { source, abTestId, control, treatment, unused } = await sourceWithDuel();
    const destination = await newEnvironment();
    const body = { from: source, to: destination, mode: 'merge', groups: ['Plugins'] };

    const planned = await preview(body);
    expect(Object.keys(planned.groups)).toEqual(['Plugins', 'A/B-tests', 'Configurations']);
    expect(planned.groups.Plugins?.filter((row) => row.operation !== 'unchanged')).toMatchObject([
      {
        id: PluginId.DUEL,
        operation: 'update',
        active: true,
        payload: {
          active: [{ abTestId, abTestVersion: 0, configurations: [control, treatment] }],
          draft: [{ abTestId, abTestVersion: 0, configurations: [treatment, ''] }],
        },
      },
    ]);
    expect(planned.groups['A/B-tests']?.map((row) => [row.id, row.operation])).toEqual([
      [abTestId, 'create'],
    ]);
    expect(planned.groups.Configurations?.map((row) => [row.id, row.operation])).toEqual(
      [control, treatment].sort().map((id) => [id, 'create']),
    );
    expect(summaryOf(planned.dependencies)).toEqual([
      ['A/B-tests', abTestId, 0, 'missing', 'carried'],
      ...[control, treatment].sort().map((id) => ['Configurations', id, undefined, 'missing', 'carried']),
    ]);
    expect(planned.dependencies[0]).toMatchObject({
      label: `A/B-test '${abTestId}' version 0`,
      title: `about ${abTestId}`,
      isInSource: true,
      neededBy: [{ group: 'Plugins', id: PluginId.DUEL, title: 'DUEL' }],
    });
    expect(planned.missing).toEqual([]);

    const response = await transfer(body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload.counts).toMatchObject({ create: 3, update: 1, delete: 0 });

    // The entries, read back from the store on both sides.
    for (const set of ['active', 'draft'] as const) {
      const entriesOf = async (environment: string) =>
        pluginEntriesOf(payloadOf, PluginId.DUEL, set, environment);
      expect(await entriesOf(destination)).toEqual(await entriesOf(source));
    }
    const [entry] = await pluginEntriesOf(payloadOf, PluginId.DUEL, 'active', destination);
    // The A/B-test and every case's configuration, read back over the API on both sides.
    const readAbTest = (environment: string) => payloadOf('/api/abtest/get', { id: abTestId }, environment);
    const [sourceTest, destinationTest] = await Promise.all([readAbTest(source), readAbTest(destination)]);
    expect(destinationTest).toMatchObject({ active: true, data: { type: 0, version: 0 } });
    expect(destinationTest.data.cases).toEqual([300_000, 700_000]);
    expect(destinationTest.data).toMatchObject({
      cases: sourceTest.data.cases,
      segment: sourceTest.data.segment,
      versions: sourceTest.data.versions.map(({ version, active, cases }: Body) => ({
        version,
        active,
        cases,
      })),
    });
    expect(entry?.configurations).toHaveLength(destinationTest.data.cases.length);
    for (const [caseIndex, configId] of entry!.configurations.entries()) {
      const readConfig = (environment: string) =>
        payloadOf('/api/config/duel/get', { id: configId }, environment);
      const [onSource, onDestination] = await Promise.all([readConfig(source), readConfig(destination)]);
      expect(configId, `case ${caseIndex}`).toBe([control, treatment][caseIndex]);
      expect(onDestination).toMatchObject({
        id: configId,
        active: true,
        description: onSource.description,
        activation: onSource.activation,
        data: onSource.data,
      });
    }
    // Only what DUEL needs travelled.
    expect((await call('/api/config/duel/get', { id: unused }, destination)).statusCode).toBe(404);
    expect(
      (await payloadOf('/api/abtest/list', undefined, destination)).map((test: Body) => test.id),
    ).toEqual([abTestId]);
    const [audit] = await transferAudit(destination);
    expect(audit?.attributes).toMatchObject({
      mode: 'merge',
      chosenGroups: ['Plugins'],
      carried: [`A/B-tests:${abTestId}`, ...[control, treatment].sort().map((id) => `Configurations:${id}`)],
    });

    // Equal now: nothing more to carry.
    const again = await preview(body);
    expect(summaryOf(again.dependencies).map((row) => row.slice(3))).toEqual([
      ['equal', 'unchanged'],
      ['equal', 'unchanged'],
      ['equal', 'unchanged'],
    ]);
    expect(Object.keys(again.groups)).toEqual(['Plugins']);
  });

  it('refuses (409) with the list of what is missing in overwrite and when the operator does not carry, writing nothing', async () => {
    const { source, abTestId, control, treatment } = await sourceWithDuel();
    const destination = await newEnvironment();
    const expected = [
      `A/B-test '${abTestId}' version 0 (needed by DUEL)`,
      ...[control, treatment].sort().map((id) => `configuration '${id}' (needed by DUEL)`),
    ];
    for (const body of [
      { from: source, to: destination, mode: 'overwrite', groups: ['Plugins'] },
      { from: source, to: destination, mode: 'merge', groups: ['Plugins'], carryDependencies: false },
    ]) {
      const planned = await preview(body);
      expect(planned.missing).toEqual(expected);
      expect(planned.dependencies.map((dependency) => dependency.outcome)).toEqual([
        'refused',
        'refused',
        'refused',
      ]);
      expect(Object.keys(planned.groups)).toEqual(['Plugins']);
      const response = await transfer(body);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: `Transfer refused: the destination would lack ${expected.join('; ')}`,
      });
    }
    expect(await pluginEntriesOf(payloadOf, PluginId.DUEL, 'active', destination)).toEqual([]);
    expect(await payloadOf('/api/abtest/list', undefined, destination)).toEqual([]);
    expect(await transferAudit(destination)).toEqual([]);
  });

  it('previews each dependency as missing, equal or different, and carries only the missing one', async () => {
    const { source, abTestId, control, treatment } = await sourceWithDuel();
    const destination = await newEnvironment();
    // The destination gets the A/B-test and both configurations, then changes the treatment.
    const copied = await transfer({
      from: source,
      to: destination,
      mode: 'merge',
      groups: ['A/B-tests', 'Configurations'],
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const changed = validItem('duel', treatment, { active: true, description: 'changed in the destination' });
    await payloadOf(
      '/api/config/duel/save',
      { ...changed, data: { ...(changed.data as Body), raceProbability: 35 } },
      destination,
    );
    // The source's draft now also uses a configuration the destination lacks.
    const added = unique('added');
    await createConfig(source, added);
    await addEntry(source, 'DUEL', 'draft', abTestId, ['', added]);

    const body = { from: source, to: destination, mode: 'merge', groups: ['Plugins'] };
    const planned = await preview(body);
    const statusOf = (id: string) => planned.dependencies.find((dependency) => dependency.id === id);
    expect(statusOf(abTestId)).toMatchObject({ version: 0, status: 'equal', outcome: 'unchanged' });
    expect(statusOf(control)).toMatchObject({ status: 'equal', outcome: 'unchanged' });
    expect(statusOf(treatment)).toMatchObject({ status: 'different', outcome: 'kept' });
    expect(statusOf(added)).toMatchObject({ status: 'missing', outcome: 'carried' });
    expect(planned.groups.Configurations?.map((row) => [row.id, row.operation])).toEqual([[added, 'create']]);
    expect(planned.missing).toEqual([]);
    const response = await transfer(body);
    expect(response.statusCode, response.body).toBe(200);
    // The destination kept its own treatment, and got the missing one.
    expect((await payloadOf('/api/config/duel/get', { id: treatment }, destination)).data).toMatchObject({
      raceProbability: 35,
    });
    expect((await payloadOf('/api/config/duel/get', { id: added }, destination)).id).toBe(added);
  });

  it('refuses an overwrite of A/B-tests alone that would delete one a destination plugin uses', async () => {
    const source = await newEnvironment();
    const destination = await newEnvironment();
    const abTestId = unique('ab');
    await createAbTest(destination, abTestId, [1_000_000]);
    await addEntry(destination, 'STORE', 'active', abTestId, ['']);
    const body = { from: source, to: destination, mode: 'overwrite', groups: ['A/B-tests'] };
    const planned = await preview(body);
    expect(planned.groups['A/B-tests']?.map((row) => [row.id, row.operation])).toEqual([
      [abTestId, 'delete'],
    ]);
    expect(planned.dependencies).toEqual([]);
    expect(planned.missing).toEqual([`A/B-test '${abTestId}' version 0 (needed by STORE)`]);
    const response = await transfer(body);
    expect(response.statusCode).toBe(409);
    expect((await payloadOf('/api/abtest/get', { id: abTestId }, destination)).id).toBe(abTestId);
  });

  it('copies every group by default: an overwrite makes the plugin and what it needs equal', async () => {
    const { source } = await sourceWithDuel();
    const destination = await newEnvironment();
    const body = { from: source, to: destination, mode: 'overwrite' };
    const planned = await preview(body);
    expect(planned.dependencies.map((dependency) => dependency.outcome)).toEqual([
      'transferred',
      'transferred',
      'transferred',
    ]);
    expect((await transfer(body)).statusCode).toBe(200);
    const again = await preview(body);
    for (const rows of Object.values(again.groups)) {
      expect(rows.every((row) => row.operation === 'unchanged')).toBe(true);
    }
  });

  it('a delete racing the transfer never leaves a transferred entry pointing at a deleted configuration', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { source, control, treatment } = await sourceWithDuel();
      const destination = await newEnvironment();
      const copied = await transfer({
        from: source,
        to: destination,
        mode: 'merge',
        groups: ['Configurations'],
      });
      expect(copied.statusCode, copied.body).toBe(200);
      // The transfer does not write the configurations (equal): it only points DUEL's entries at them.
      const body = { from: source, to: destination, mode: 'merge', groups: ['Plugins'] };
      const { previewToken } = await preview(body);
      const [moved, deleted] = await Promise.all([
        call('/api/configuration/transfer', { ...body, previewToken }, source),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, round * 3));
          return call('/api/config/duel/delete', { id: treatment }, destination);
        })(),
      ]);
      expect([200, 409], moved.body).toContain(moved.statusCode);
      expect([200, 409], deleted.body).toContain(deleted.statusCode);
      // Never both: an entry naming the treatment and no treatment.
      expect(moved.statusCode === 200 && deleted.statusCode === 200).toBe(false);
      const entries = await pluginEntriesOf(payloadOf, PluginId.DUEL, 'active', destination);
      const named = entries.flatMap((entry) => entry.configurations);
      for (const id of [control, treatment].filter((configId) => named.includes(configId))) {
        expect((await call('/api/config/duel/get', { id }, destination)).statusCode, id).toBe(200);
      }
    }
  });

  it('resets a removed known plugin without its entries', async () => {
    const { source } = await sourceWithDuel();
    const context = { email: 'resetter@example.com', sourceEnvironmentId: 'dev' };
    await t.app.db.$transaction((tx) => pluginTransferGroup.remove(tx, source, PluginId.DUEL, context));
    for (const set of ['active', 'draft'] as const) {
      expect(await pluginEntriesOf(payloadOf, PluginId.DUEL, set, source)).toEqual([]);
    }
  });

  it('refuses an unknown group with 400, naming it and the groups there are', async () => {
    const response = await call(
      '/api/configuration/transfer/preview',
      { from: 'dev', to: 'stable', mode: 'merge', groups: ['Plugins', 'Players'] },
      'dev',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error:
        "groups: unknown group 'Players'; groups are Release info, Plugins, NICE config, A/B-tests, Configurations",
    });
  });

  it('transfers only the chosen plugins with what they need, leaving the other plugins as they are', async () => {
    const { source, abTestId, control, treatment } = await sourceWithDuel();
    await payloadOf('/api/plugin/activate', { pluginId: PluginId.STORE, active: true }, source);
    const destination = await newEnvironment();
    const body = {
      from: source,
      to: destination,
      mode: 'merge',
      groups: ['Plugins'],
      plugins: [PluginId.DUEL],
    };
    const planned = await preview(body);
    expect(planned.groups.Plugins?.map((row) => [row.id, row.operation])).toEqual([
      [PluginId.DUEL, 'update'],
    ]);
    expect(planned.groups['A/B-tests']?.map((row) => [row.id, row.operation])).toEqual([
      [abTestId, 'create'],
    ]);
    // the token covers the choice: another plugin list cannot reuse it
    const other = await call(
      '/api/configuration/transfer',
      { ...body, plugins: [PluginId.STORE], previewToken: planned.previewToken },
      source,
    );
    expect(other.statusCode).toBe(409);
    expect((await transfer(body)).statusCode).toBe(200);
    const entries = await pluginEntriesOf(payloadOf, PluginId.DUEL, 'active', destination);
    expect(entries.map((entry) => entry.configurations)).toEqual([[control, treatment]]);
    // STORE, switched on in the source only, did not travel
    const everything = await preview({ from: source, to: destination, mode: 'merge', groups: ['Plugins'] });
    const changed = everything.groups.Plugins?.filter((row) => row.operation !== 'unchanged');
    expect(changed?.map((row) => row.id)).toEqual([PluginId.STORE]);
    const [audit] = await transferAudit(destination);
    expect(audit?.attributes).toMatchObject({ chosenPlugins: [PluginId.DUEL] });
  });

  it('refuses a plugin list that is not ids (400)', async () => {
    const response = await call(
      '/api/configuration/transfer/preview',
      { from: 'dev', to: 'stable', mode: 'merge', plugins: ['DUEL'] },
      'dev',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/plugins/);
  });
});
