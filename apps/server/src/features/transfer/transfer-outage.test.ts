import { PluginId } from '@console/domain/enums';
import { MESSAGES } from '@console/domain/errors';
import type { TransferPreview } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { dumpEnvironment, startDatabaseProxy, withConnection } from '../../../test/faults.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { TcpProxy } from '../../testing/index.ts';
import { transferGroups } from '../../transfer-groups.ts';
import { insertEntryRow, validItem } from '../config/config.test-data.ts';
import type { TransferGroup } from './transfer-group.ts';

// Faults: PostgreSQL lost in the middle of a transfer leaves the destination exactly as it
// was. The app reaches PostgreSQL through a TCP proxy; the product's transfer groups are wrapped so
// that the proxy is cut just before one chosen write, once half of the transfer's writes have run
// inside its transaction. No timing is involved: the cut happens at that point every run.

describe('PostgreSQL lost in the middle of a transfer', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let cookie: string;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}`;

  /**
   * Operations (writes and deletes of items) the transfer has started; the proxy is cut before the
   * call holding number cutAt. A set-based call (writeAll, removeAll) starts all of its items at once.
   */
  let started = 0;
  let cutAt = Number.POSITIVE_INFINITY;
  /** How many operations had started when the proxy was cut, and how many the cut call held. */
  let cut: { startedBefore: number; held: number } | null = null;
  const beforeOperations = (count: number) => {
    if (started < cutAt && started + count >= cutAt) {
      cut = { startedBefore: started, held: count };
      proxy.cut();
    }
    started += count;
  };
  const cuttable = (group: TransferGroup): TransferGroup => ({
    ...group,
    write: (tx, environmentId, item, context) => {
      beforeOperations(1);
      return group.write(tx, environmentId, item, context);
    },
    remove: (tx, environmentId, id, context) => {
      beforeOperations(1);
      return group.remove(tx, environmentId, id, context);
    },
    ...(group.writeAll && {
      writeAll: (tx, environmentId, items, context) => {
        beforeOperations(items.length);
        return group.writeAll!(tx, environmentId, items, context);
      },
    }),
    ...(group.removeAll && {
      removeAll: (tx, environmentId, ids, context) => {
        beforeOperations(ids.length);
        return group.removeAll!(tx, environmentId, ids, context);
      },
    }),
  });

  beforeAll(async () => {
    proxy = await startDatabaseProxy();
    t = await createTestApp(
      { ADMIN_EMAILS: 'mover@example.com' },
      { connectVia: proxy.rewrite, transferGroups: transferGroups.map(cuttable) },
    );
    cookie = await t.login('mover@example.com');
  });

  const payloadOf = async (url: string, body: unknown, environment: string) => {
    const response = await t.post(`${url}?configuration=${environment}`, body, cookie);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().payload;
  };
  const newEnvironment = async () => {
    const id = unique('env');
    await payloadOf('/api/configuration/save', { configurationId: id }, 'dev');
    return id;
  };
  const createAbTest = async (environment: string, id: string, weights: number[][]) => {
    await payloadOf('/api/abtest/create', { id, description: `about ${id}`, type: 0 }, environment);
    for (const cases of weights) {
      const { version } = await payloadOf('/api/abtest/versions/save', { id, weights: cases }, environment);
      await payloadOf('/api/abtest/activate/version', { id, version }, environment);
    }
    await payloadOf('/api/abtest/activate/test', { id, active: true }, environment);
  };
  const createConfig = (environment: string, id: string, extra: Record<string, unknown> = {}) =>
    payloadOf('/api/config/duel/create', validItem('duel', id, extra), environment);

  /** An environment with something in every group: release, plugins with entries, NICE, A/B-tests, configurations. */
  async function environmentWithContent(flavour: string) {
    const environment = await newEnvironment();
    await payloadOf('/api/release/kv/set', { keyValue: `flavour=${flavour};` }, environment);
    await payloadOf(
      '/api/release/client/set',
      { releaseInfo: { remindVersion: '2.0.0', minimumVersion: flavour === 'source' ? '1.5' : '1.0' } },
      environment,
    );
    await payloadOf('/api/nice/set', { niceConfig: { authToken: `token-${flavour}` } }, environment);
    const abTests = [unique(`${flavour}-ab`), unique(`${flavour}-ab`), 'shared-ab'];
    for (const [index, id] of abTests.entries()) {
      const weights = [
        [1_000_000],
        [500_000, 500_000],
        [200_000 * (index + 1), 1_000_000 - 200_000 * (index + 1)],
      ];
      await createAbTest(environment, id, flavour === 'source' ? weights : weights.slice(0, 2));
    }
    const configs = [unique(`${flavour}-duel`), unique(`${flavour}-duel`), 'shared-duel'];
    for (const id of configs) {
      await createConfig(environment, id, { active: true, description: `${flavour} ${id}` });
    }
    await insertEntryRow(t.app.db, {
      environmentId: environment,
      pluginId: PluginId.DUEL,
      set: 'active',
      position: 0,
      abTestId: abTests[0]!,
      abTestVersion: 1,
      configurations: [configs[0]!, configs[1]!],
    });
    await payloadOf('/api/plugin/activate', { pluginId: PluginId.DUEL, active: true }, environment);
    return environment;
  }

  /** Waits until no session of the app is left in the database: the cut transaction has ended. */
  const waitForAppSessionsToEnd = () =>
    withConnection(t.databaseUrl, async (client) => {
      for (;;) {
        const { rows } = await client.query<{ sessions: number }>(
          `SELECT count(*)::int AS sessions FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        if (rows[0]!.sessions === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

  it('leaves the destination exactly as before, and the same transfer succeeds once the database is back', async () => {
    const from = await environmentWithContent('source');
    const to = await environmentWithContent('destination');
    const body = { from, to, mode: 'overwrite' };
    const planned: TransferPreview = await payloadOf('/api/configuration/transfer/preview', body, from);
    const operations = Object.values(planned.groups)
      .flat()
      .filter((row) => row.operation !== 'unchanged').length;
    // Creates, updates and deletes in several groups, so half of them is a real half-done transfer.
    expect(operations).toBeGreaterThanOrEqual(8);
    const before = await dumpEnvironment(t.databaseUrl, to);

    started = 0;
    cut = null;
    cutAt = Math.floor(operations / 2) + 1;
    const response = await t.post(
      `/api/configuration/transfer?configuration=${from}`,
      { ...body, previewToken: planned.previewToken },
      cookie,
    );
    cutAt = Number.POSITIVE_INFINITY;
    // The cut call held the operation half-way; operations had run before it, and none after it
    const { startedBefore, held } = cut ?? { startedBefore: 0, held: 0 };
    expect(startedBefore, 'operations ran in the transaction before the cut').toBeGreaterThan(0);
    expect(started, 'nothing ran after the cut').toBe(startedBefore + held);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ error: MESSAGES.databaseUnavailable });

    await waitForAppSessionsToEnd();
    expect(await dumpEnvironment(t.databaseUrl, to)).toEqual(before);

    proxy.restore();
    // Once the console reaches its database again (a loaded machine may need more than the connect limit
    // for the first new connection): the cap only guards against hanging.
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 60_000 })
      .toBe(200);
    // Nothing changed, so the preview the operator saw is still valid and the transfer goes through.
    const again: TransferPreview = await payloadOf('/api/configuration/transfer/preview', body, from);
    expect(again.previewToken).toBe(planned.previewToken);
    await payloadOf('/api/configuration/transfer', { ...body, previewToken: planned.previewToken }, from);
    expect(await dumpEnvironment(t.databaseUrl, to)).not.toEqual(before);
    const after: TransferPreview = await payloadOf('/api/configuration/transfer/preview', body, from);
    expect(
      Object.values(after.groups)
        .flat()
        .every((row) => row.operation === 'unchanged'),
    ).toBe(true);
    const transfers = (await t.auditEntries(cookie, to)).filter(
      (entry) => entry.action === 'environment.transfer',
    );
    expect(transfers).toHaveLength(1);
  });
});
