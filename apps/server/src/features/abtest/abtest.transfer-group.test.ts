import { AbTestType, SegmentOperation, SegmentProperty } from '@console/domain/enums';
import type { TransferItem } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { transferGroups } from '../../transfer-groups.ts';
import { abTestTransferGroup } from './abtest.transfer-group.ts';

describe('A/B-tests transfer group', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('transfer@example.com');
  });

  const payloadOf = async (url: string, body: unknown, environment: string) => {
    const response = await t.post(`${url}?configuration=${environment}`, body, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload;
  };
  const listOf = (environment: string) =>
    t.app.db.$transaction((tx) => abTestTransferGroup.list(tx, environment));

  it('is registered as the A/B-tests group', () => {
    expect(transferGroups).toContain(abTestTransferGroup);
    expect(abTestTransferGroup.name).toBe('A/B-tests');
  });

  it('lists items as id, active, title = description, payload of the data', async () => {
    await payloadOf('/api/abtest/create', { id: 'rollout', description: 'Rollout', type: 20 }, 'dev');
    await payloadOf('/api/abtest/rollout/apply', { id: 'rollout', treatment: 10 }, 'dev');
    await payloadOf('/api/abtest/activate/test', { id: 'rollout' }, 'dev');
    await payloadOf('/api/abtest/create', { id: 'sticky', description: 'Sticky', type: 0 }, 'dev');
    await payloadOf('/api/abtest/versions/save', { id: 'sticky', weights: [1_000_000] }, 'dev');
    await payloadOf('/api/abtest/save/case-descriptions', { id: 'sticky', descriptions: ['all'] }, 'dev');
    const segment = {
      conditions: [{ property: SegmentProperty.Payer, op: SegmentOperation.Equals, value: 'true' }],
    };
    await payloadOf('/api/segment/save', { abTestId: 'sticky', segment }, 'dev');
    const salts = await t.app.db.abTest.findMany({ where: { environmentId: 'dev' }, orderBy: { id: 'asc' } });
    expect(salts.map((row) => row.salt)).toEqual([expect.any(String), expect.any(String)]);
    expect(await listOf('dev')).toEqual([
      {
        id: 'rollout',
        active: true,
        title: 'Rollout',
        payload: {
          type: AbTestType.Rollout,
          // The salt and the ranges fixed at activation travel, so the split stays the same
          salt: salts[0]!.salt,
          versions: [
            {
              version: 0,
              active: true,
              cases: [900_000, 100_000],
              ranges: [[[0, 900_000]], [[900_000, 1_000_000]]],
            },
          ],
          cases: [900_000, 100_000],
          caseDescriptions: [],
          segment: { conditions: [] },
        },
      },
      {
        id: 'sticky',
        active: false,
        title: 'Sticky',
        payload: {
          type: AbTestType.StickySegmentation,
          salt: salts[1]!.salt,
          versions: [{ version: 0, active: false, cases: [1_000_000], ranges: null }],
          cases: [],
          caseDescriptions: ['all'],
          segment,
        },
      },
    ]);
  });

  it('writes items so the destination lists the same, replacing an existing one wholesale', async () => {
    await payloadOf('/api/abtest/create', { id: 'sticky', description: 'old', type: 10 }, 'stable');
    await payloadOf('/api/abtest/versions/save', { id: 'sticky', weights: [1, 999_999] }, 'stable');
    await payloadOf('/api/abtest/versions/save', { id: 'sticky', weights: [2, 999_998] }, 'stable');
    const source = await listOf('dev');
    await t.app.db.$transaction(async (tx) => {
      for (const item of source)
        await abTestTransferGroup.write(tx, 'stable', item, {
          email: 'transfer@example.com',
          sourceEnvironmentId: 'dev',
        });
    });
    expect(await listOf('stable')).toEqual(source);
    const copied = await payloadOf('/api/abtest/get', { id: 'rollout' }, 'stable');
    expect(copied).toMatchObject({ lastModifier: 'transfer@example.com', data: { version: 0 } });
    // A later version continues the copied numbering.
    expect(
      (await payloadOf('/api/abtest/rollout/apply', { id: 'rollout', treatment: 20 }, 'stable')).data.version,
    ).toBe(1);
  });

  it('removes an item with its versions', async () => {
    await t.app.db.$transaction((tx) =>
      abTestTransferGroup.remove(tx, 'stable', 'sticky', {
        email: 'mover@example.com',
        sourceEnvironmentId: 'dev',
      }),
    );
    expect((await listOf('stable')).map((item) => item.id)).toEqual(['rollout']);
    expect(
      await t.app.db.abTestVersion.count({ where: { environmentId: 'stable', abTestId: 'sticky' } }),
    ).toBe(0);
  });

  it('refuses a malformed payload without writing', async () => {
    const item: TransferItem = { id: 'broken', active: false, title: '', payload: { type: 5 } };
    await expect(
      t.app.db.$transaction((tx) =>
        abTestTransferGroup.write(tx, 'prod', item, {
          email: 'transfer@example.com',
          sourceEnvironmentId: 'dev',
        }),
      ),
    ).rejects.toThrow();
    expect(await listOf('prod')).toEqual([]);
  });
});
