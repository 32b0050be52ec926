import { SEGMENT_CONDITION_VECTORS } from '@console/domain/abtest';
import { SegmentOperation, SegmentProperty } from '@console/domain/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('segments', () => {
  let t: TestApp;
  let cookie: string;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('segments@example.com');
  });

  const call = (url: string, body?: unknown) => t.post(`${url}?configuration=dev`, body, cookie);
  const payloadOf = async (url: string, body?: unknown) => {
    const response = await call(url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload;
  };
  const auditActions = async (target: string) =>
    ((await payloadOf('/api/audit/list', { offset: 0, limit: 100 })) as { action: string; target: string }[])
      .filter((entry) => entry.target === target)
      .map((entry) => entry.action);
  const createTest = async () => {
    const id = `segment-${++counter}`;
    await payloadOf('/api/abtest/create', { id, type: 0 });
    return id;
  };
  const { Platform, FirstCountry, Payer, PurchaseCount } = SegmentProperty;
  const { Equals, Contains, GreaterThan } = SegmentOperation;

  it('lists property names to ids without UnSupported', async () => {
    expect(await payloadOf('/api/segment/property/list')).toEqual({
      Platform: 2,
      ClientVersion: 3,
      FirstCountry: 10,
      Payer: 20,
      PurchaseCount: 21,
      PurchaseAmount: 22,
      UserId: 30,
    });
  });

  it('answers the mask of every condition vector of the domain', async () => {
    const answers = await Promise.all(
      SEGMENT_CONDITION_VECTORS.map(async ({ condition, expectedMask, why }) => ({
        why,
        mask: await payloadOf('/api/segment/validate/condition', { condition }),
        expectedMask,
      })),
    );
    for (const { why, mask, expectedMask } of answers)
      expect({ why, mask }).toEqual({ why, mask: expectedMask });
    expect(answers.length).toBeGreaterThan(20);
  });

  it('answers combined bits: unknown property and operation, empty value', async () => {
    expect(
      await payloadOf('/api/segment/validate/condition', { condition: { property: 99, op: 9, value: ' ' } }),
    ).toBe(1 | 2 | 4);
  });

  it('refuses a malformed condition with 400 naming the field', async () => {
    const response = await call('/api/segment/validate/condition', {
      condition: { property: 'Platform', op: 1, value: 'ios' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^condition\.property: /);
  });

  it('saves a valid segment normalised, answers all zeros and audits it', async () => {
    const id = await createTest();
    const conditions = [
      { property: Platform, op: Contains, value: ' IOS ,android' },
      { property: FirstCountry, op: Equals, value: 'de' },
      { property: PurchaseCount, op: GreaterThan, value: '3' },
    ];
    expect(await payloadOf('/api/segment/save', { abTestId: id, segment: { conditions } })).toEqual([
      0, 0, 0,
    ]);
    const abTest = await payloadOf('/api/abtest/get', { id });
    expect(abTest.data.segment.conditions).toEqual([
      { property: Platform, op: Contains, value: 'ios, android' },
      { property: FirstCountry, op: Equals, value: 'DE' },
      { property: PurchaseCount, op: GreaterThan, value: '3' },
    ]);
    expect(abTest.lastModifier).toBe('segments@example.com');
    expect(await auditActions(id)).toEqual(['abtest.segment.save', 'abtest.create']);
  });

  it('saves no conditions (all players)', async () => {
    const id = await createTest();
    await payloadOf('/api/segment/save', {
      abTestId: id,
      segment: { conditions: [{ property: Payer, op: Equals, value: 'true' }] },
    });
    expect(await payloadOf('/api/segment/save', { abTestId: id, segment: { conditions: [] } })).toEqual([]);
    expect((await payloadOf('/api/abtest/get', { id })).data.segment).toEqual({ conditions: [] });
  });

  it('answers the masks and saves nothing when any condition is invalid', async () => {
    const id = await createTest();
    const conditions = [
      { property: Payer, op: Equals, value: 'true' },
      { property: 0, op: Equals, value: 'x' },
      { property: Payer, op: GreaterThan, value: 'yes' },
    ];
    expect(await payloadOf('/api/segment/save', { abTestId: id, segment: { conditions } })).toEqual([
      0,
      1,
      2 | 8,
    ]);
    expect((await payloadOf('/api/abtest/get', { id })).data.segment).toEqual({ conditions: [] });
    expect(await auditActions(id)).toEqual(['abtest.create']);
  });

  it('refuses the segment of an active A/B-test, valid or not', async () => {
    const id = await createTest();
    await payloadOf('/api/abtest/versions/save', { id, weights: [1_000_000] });
    await payloadOf('/api/abtest/activate/version', { id, version: 0 });
    await payloadOf('/api/abtest/activate/test', { id });
    for (const value of ['true', 'maybe']) {
      const response = await call('/api/segment/save', {
        abTestId: id,
        segment: { conditions: [{ property: Payer, op: Equals, value }] },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'The segment of an active AB-test cannot be changed' });
    }
    expect(await auditActions(id)).not.toContain('abtest.segment.save');
  });

  it('answers 404 for a missing A/B-test, valid conditions or not', async () => {
    for (const value of ['true', 'maybe']) {
      const response = await call('/api/segment/save', {
        abTestId: 'missing',
        segment: { conditions: [{ property: Payer, op: Equals, value }] },
      });
      expect([response.statusCode, response.json()]).toEqual([
        404,
        { error: 'AB-test not found', code: 'NOT_FOUND' },
      ]);
    }
  });

  it('refuses more than 50 conditions with 400', async () => {
    const conditions = Array.from({ length: 51 }, () => ({ property: Payer, op: Equals, value: 'true' }));
    const response = await call('/api/segment/save', { abTestId: 'x', segment: { conditions } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^segment\.conditions: /);
  });
});
