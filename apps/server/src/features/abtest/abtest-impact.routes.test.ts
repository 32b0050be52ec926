import { AbTestType } from '@console/domain/enums';
import {
  type BucketRange,
  describeMovedBuckets,
  INACTIVE_TEST_SENTENCE,
  movedBuckets,
} from '@console/domain/runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { activeAbTest, type ConfigClient, configClient } from '../config/config.test-data.ts';

// Over HTTP: /api/abtest/impact previews exactly the moves the activation then makes.

describe('/api/abtest/impact', () => {
  let t: TestApp;
  let c: ConfigClient;
  beforeAll(async () => {
    t = await createTestApp();
    c = configClient(t, await t.login('impact@example.com'));
  });

  const stored = async (id: string, version: number) =>
    (await t.app.db.abTestVersion.findUnique({
      where: { environmentId_abTestId_version: { environmentId: 'dev', abTestId: id, version } },
      select: { ranges: true },
    }))!.ranges as BucketRange[][];
  const impact = (body: Record<string, unknown>) => c.payloadOf('/api/abtest/impact', body);

  it('previews a saved version: the figure equals the moves its activation then stores', async () => {
    const id = await activeAbTest(c, [400_000, 600_000]);
    const { version } = await c.payloadOf('/api/abtest/versions/save', { id, weights: [300_000, 700_000] });
    const preview = await impact({ id, version });
    expect(preview).toEqual({
      moves: { moved: 100_000, flows: [{ from: 0, to: 1, buckets: 100_000 }] },
      everyoneResplit: false,
      sentence: '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2',
      unaffected: null,
    });
    await c.payloadOf('/api/abtest/activate/version', { id, version });
    const moves = movedBuckets(await stored(id, 0), await stored(id, version));
    expect(describeMovedBuckets(moves)).toBe(preview.sentence);
  });

  it('says everyone is re-split when re-randomising, and no player moves for equal weights', async () => {
    const id = await activeAbTest(c, [500_000, 500_000]);
    const { version } = await c.payloadOf('/api/abtest/versions/save', { id, weights: [500_000, 500_000] });
    expect((await impact({ id, version })).sentence).toBe('No player changes case');
    expect(await impact({ id, version, reRandomise: true })).toMatchObject({
      everyoneResplit: true,
      moves: null,
    });
  });

  it('moves nobody in an inactive test, re-randomised or not, and the moves count once it is active', async () => {
    const id = c.uniqueId('idle');
    await c.payloadOf('/api/abtest/create', { id, description: id, type: 0 });
    await c.payloadOf('/api/abtest/versions/save', { id, weights: [400_000, 600_000] });
    await c.payloadOf('/api/abtest/activate/version', { id, version: 0 });
    const { version } = await c.payloadOf('/api/abtest/versions/save', { id, weights: [300_000, 700_000] });
    const nobody = {
      moves: { moved: 0, flows: [] },
      everyoneResplit: false,
      sentence: INACTIVE_TEST_SENTENCE,
      unaffected: 'abtest-inactive',
    };
    expect(await impact({ id, version })).toEqual(nobody);
    expect(await impact({ id, version, reRandomise: true })).toEqual(nobody);
    expect(await impact({ id, weights: [100_000, 900_000] })).toEqual(nobody);
    await c.payloadOf('/api/abtest/activate/test', { id, active: true });
    expect(await impact({ id, version })).toMatchObject({ moves: { moved: 100_000 }, unaffected: null });
  });

  it('previews a rollout apply from its treatment, refused as the apply is for a non-rollout', async () => {
    const id = c.uniqueId('ro');
    await c.payloadOf('/api/abtest/create', { id, description: id, type: AbTestType.Rollout });
    await c.payloadOf('/api/abtest/rollout/apply', { id, treatment: 10 });
    expect((await impact({ id, treatment: 25 })).sentence).toBe(INACTIVE_TEST_SENTENCE);
    await c.payloadOf('/api/abtest/activate/test', { id, active: true });
    expect((await impact({ id, treatment: 25 })).sentence).toBe(
      '15.00% of players in this test move: 15.00% from Case 1 (control) to Case 2',
    );
    const plain = await activeAbTest(c);
    const refused = await c.call('/api/abtest/impact', { id: plain, treatment: 25 });
    const applied = await c.call('/api/abtest/rollout/apply', { id: plain, treatment: 25 });
    expect([refused.statusCode, refused.json().error]).toEqual([409, applied.json().error]);
    expect(applied.statusCode).toBe(409);
  });

  it('answers 400 naming the field for bad or missing input, 404 for an unknown test or version', async () => {
    const id = await activeAbTest(c);
    const none = await c.call('/api/abtest/impact', { id });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/exactly one of version, treatment or weights/);
    const both = await c.call('/api/abtest/impact', { id, version: 1, weights: [1_000_000] });
    expect(both.statusCode).toBe(400);
    const badWeights = await c.call('/api/abtest/impact', { id, weights: [1, 2] });
    expect(badWeights.statusCode).toBe(400);
    expect((await c.call('/api/abtest/impact', { id, version: 9 })).statusCode).toBe(404);
    expect((await c.call('/api/abtest/impact', { id: 'no-such-test', version: 1 })).statusCode).toBe(404);
  });

  it('refuses more weights than a version has cases before reading any of them, naming the field', async () => {
    for (const weights of [Array(101).fill(10_000), Array(100_000).fill(null)]) {
      const refused = await c.call('/api/abtest/impact', { id: 'x', weights });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('weights: Weights cannot have more than 100 cases');
    }
  });
});
