import { PluginId } from '@console/domain/enums';
import { type BucketRange, initialRanges, movedBuckets, reassignRanges } from '@console/domain/runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { activeAbTest, addEntry, type ConfigClient, configClient } from '../config/config.test-data.ts';
import { buildRuntimeContent } from '../publishing/content.service.ts';

// Over HTTP: each activated version's cases get bucket ranges, moving exactly
// ½·Σ|Δweight| buckets from the current version's; re-randomise gives a new salt and fresh ranges.

type CaseRanges = BucketRange[][];
const halfTotalChange = (before: number[], after: number[]) =>
  Array.from({ length: Math.max(before.length, after.length) }, (_, i) =>
    Math.abs((after[i] ?? 0) - (before[i] ?? 0)),
  ).reduce((sum, delta) => sum + delta, 0) / 2;

describe('A/B-test bucket ranges', () => {
  let t: TestApp;
  let c: ConfigClient;
  beforeAll(async () => {
    t = await createTestApp();
    c = configClient(t, await t.login('ranges@example.com'));
  });

  const stored = async (id: string, version: number) =>
    (await t.app.db.abTestVersion.findUnique({
      where: { environmentId_abTestId_version: { environmentId: 'dev', abTestId: id, version } },
      select: { ranges: true },
    }))!.ranges as CaseRanges | null;
  const saltOf = async (id: string) =>
    (await t.app.db.abTest.findUnique({ where: { environmentId_id: { environmentId: 'dev', id } } }))!.salt;
  const saveVersion = async (id: string, weights: number[]): Promise<number> =>
    (await c.payloadOf('/api/abtest/versions/save', { id, weights })).version;
  const activate = (id: string, version: number, extra: Record<string, unknown> = {}) =>
    c.payloadOf('/api/abtest/activate/version', { id, version, ...extra });
  const lastAuditOf = async (id: string, action: string) =>
    (await c.auditOf(id)).find((entry) => entry.action === action)!;

  it('moves exactly ½·Σ|Δweight| buckets from one version to the next, keeping the salt', async () => {
    const id = c.uniqueId('ab');
    await c.payloadOf('/api/abtest/create', { id, description: id, type: 0 });
    const salt = await saltOf(id);
    const steps = [
      [500_000, 500_000],
      [200_000, 800_000],
      [200_000, 500_000, 300_000],
      [600_000, 400_000],
    ];
    let previous: { weights: number[]; ranges: CaseRanges } | null = null;
    for (const weights of steps) {
      const version = await saveVersion(id, weights);
      await activate(id, version);
      const ranges = (await stored(id, version))!;
      expect(ranges.map((owned) => owned.reduce((size, [start, end]) => size + end - start, 0))).toEqual(
        weights,
      );
      if (previous === null) {
        expect(ranges).toEqual(initialRanges(weights));
      } else {
        expect(ranges).toEqual(reassignRanges(previous.ranges, weights));
        expect(movedBuckets(previous.ranges, ranges).moved).toBe(halfTotalChange(previous.weights, weights));
      }
      previous = { weights, ranges };
    }
    expect(await stored(id, 1)).toEqual([[[0, 200_000]], [[200_000, 1_000_000]]]);
    expect(await stored(id, 2)).toEqual([[[0, 200_000]], [[200_000, 700_000]], [[700_000, 1_000_000]]]);
    expect(await saltOf(id)).toBe(salt);
    const activation = await lastAuditOf(id, 'abtest.version.activate');
    expect(activation.attributes).not.toHaveProperty('reRandomise');
  });

  it('re-randomises on request: a new salt and the initial ranges, audited', async () => {
    const id = c.uniqueId('ab');
    await c.payloadOf('/api/abtest/create', { id, description: id, type: 0 });
    await activate(id, await saveVersion(id, [300_000, 700_000]));
    const salt = await saltOf(id);
    const version = await saveVersion(id, [700_000, 300_000]);
    await activate(id, version, { reRandomise: true });
    expect(await saltOf(id)).not.toBe(salt);
    expect(await stored(id, version)).toEqual(initialRanges([700_000, 300_000]));
    expect((await lastAuditOf(id, 'abtest.version.activate')).attributes).toEqual({
      version,
      previousVersion: 0,
      cases: [700_000, 300_000],
      reRandomise: true,
    });
    const refused = await c.call('/api/abtest/activate/version', { id, version, reRandomise: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/reRandomise/);
  });

  it('fixes ranges on rollout apply, with the fewest moves or re-randomised', async () => {
    const id = c.uniqueId('rollout');
    await c.payloadOf('/api/abtest/create', { id, description: id, type: 20 });
    await c.payloadOf('/api/abtest/rollout/apply', { id, treatment: 10 });
    expect(await stored(id, 0)).toEqual(initialRanges([900_000, 100_000]));
    await c.payloadOf('/api/abtest/rollout/apply', { id, treatment: 30 });
    // Players already treated stay treated: 20% move, all from control to treatment.
    expect(movedBuckets((await stored(id, 0))!, (await stored(id, 1))!)).toEqual({
      moved: 200_000,
      flows: [{ from: 0, to: 1, buckets: 200_000 }],
    });

    const salt = await saltOf(id);
    await c.payloadOf('/api/abtest/rollout/apply', { id, treatment: 30, reRandomise: true });
    expect(await saltOf(id)).not.toBe(salt);
    expect(await stored(id, 2)).toEqual(initialRanges([700_000, 300_000]));
    expect((await lastAuditOf(id, 'abtest.rollout.apply')).attributes).toMatchObject({ reRandomise: true });
  });

  it('derives the next ranges from a version activated before ranges existed as if it had the initial ones', async () => {
    const id = c.uniqueId('ab');
    await c.payloadOf('/api/abtest/create', { id, description: id, type: 0 });
    await activate(id, await saveVersion(id, [400_000, 600_000]));
    await t.app.db.$executeRaw`UPDATE "ab_test_version" SET "ranges" = NULL
      WHERE "environment_id" = 'dev' AND "ab_test_id" = ${id}`;
    expect(await stored(id, 0)).toBeNull();
    await activate(id, await saveVersion(id, [500_000, 500_000]));
    expect(await stored(id, 1)).toEqual(
      reassignRanges(initialRanges([400_000, 600_000]), [500_000, 500_000]),
    );
  });

  it('keeps every player in their case when the "Update is not allowed" flow activates a same-weights version', async () => {
    const abTestId = await activeAbTest(c, [250_000, 750_000]);
    await activate(abTestId, await saveVersion(abTestId, [500_000, 500_000]));
    const [control, treatment] = [c.uniqueId('ar'), c.uniqueId('ar')];
    await c.create('ar', control, { active: true });
    await c.create('ar', treatment, { active: true });
    await addEntry(t, {
      plugin: 'AGILITY_RACE',
      set: 'active',
      abTestId,
      abTestVersion: 1,
      configurations: [control, treatment],
    });
    await c.payloadOf('/api/plugin/activate', { pluginId: PluginId.AGILITY_RACE, active: true });
    const before = (await stored(abTestId, 1))!;

    const served = await c.get('ar', treatment);
    await c.payloadOf('/api/config/ar/duplicate/reassign', {
      ...served,
      data: { ...served.data, scoreTarget: 42 },
    });
    const after = (await stored(abTestId, 2))!;
    expect(after).toEqual(before);
    expect(movedBuckets(before, after).moved).toBe(0);
    const { content } = await buildRuntimeContent({ db: t.app.db, environmentId: 'dev' });
    expect(content.abTests.find((abTest) => abTest.id === abTestId)).toMatchObject({
      version: 2,
      salt: await saltOf(abTestId),
      cases: [
        { weight: 500_000, ranges: before[0] },
        { weight: 500_000, ranges: before[1] },
      ],
    });
  });
});
