import type { TransferItem } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type ConfigClient, configClient, validData } from './config.test-data.ts';
import { configTransferGroup } from './config.transfer-group.ts';

describe('configurations transfer group', () => {
  let t: TestApp;
  let c: ConfigClient;
  beforeAll(async () => {
    t = await createTestApp();
    c = configClient(t, await t.login('transfer@example.com'));
  });
  const context = { email: 'mover@example.com', sourceEnvironmentId: 'dev' };
  const listOf = (environment: string) =>
    t.app.db.$transaction((tx) => configTransferGroup.list(tx, environment));
  const writeAll = (environment: string, items: TransferItem[]) =>
    t.app.db.$transaction(async (tx) => {
      for (const item of items) await configTransferGroup.write(tx, environment, item, context);
    });

  it('lists every kind as id, active, title = description, payload {kind, activation, data}', async () => {
    const race = await c.create('ar', 'race-a', { active: true, description: 'Race A' });
    const event = await c.create('event/gr', 'gold-a');
    expect(await listOf('dev')).toEqual([
      {
        id: 'gold-a',
        active: false,
        title: 'about gold-a',
        payload: { kind: 'event/gr', activation: event.activation, data: { kind: 'event/gr' } },
      },
      {
        id: 'race-a',
        active: true,
        title: 'Race A',
        payload: { kind: 'ar', activation: race.activation, data: race.data },
      },
    ]);
  });

  it('writes items so the destination lists the same, replacing an existing one (kind included)', async () => {
    await c.payloadOf(
      '/api/config/ws/create',
      { id: 'race-a', description: 'old streak', data: validData('ws') },
      'stable',
    );
    const source = await listOf('dev');
    await writeAll('stable', source);
    expect(await listOf('stable')).toEqual(source);
    expect(await c.payloadOf('/api/config/ar/get', { id: 'race-a' }, 'stable')).toMatchObject({
      description: 'Race A',
      lastModifier: 'mover@example.com',
    });
    expect((await c.call('/api/config/ws/get', { id: 'race-a' }, 'stable')).statusCode).toBe(404);
  });

  it('removes an item', async () => {
    await t.app.db.$transaction((tx) => configTransferGroup.remove(tx, 'stable', 'gold-a', context));
    expect((await listOf('stable')).map((item) => item.id)).toEqual(['race-a']);
  });

  it('refuses an item the API would refuse, without writing', async () => {
    const item: TransferItem = {
      id: 'broken',
      active: false,
      title: 'broken',
      payload: { kind: 'ar', activation: {}, data: { ...validData('ar'), scoreTarget: 500 } },
    };
    await expect(writeAll('prod', [item])).rejects.toThrow(/Race length must be at most 150/);
    expect(await listOf('prod')).toEqual([]);
  });
});
