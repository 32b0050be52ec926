import { WorldEventStatus } from '@console/domain/enums';
import { ErrorCode, OpenFeature, ProviderEvents, StandardResolutionReasons } from '@openfeature/server-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestRuntimeClient } from '../src/index.ts';
import { RuntimeOpenFeatureProvider, variantOfCase } from '../src/openfeature.ts';
import { makeSnapshot, RUNNING_AT } from './snapshots.ts';

// The provider through OpenFeature's own API, as a game server using OpenFeature calls it: a flag is a
// plugin (AGILITY_RACE) or a value in the data of the configuration the player receives
// (AGILITY_RACE.tag); the evaluation context is the player.

describe('RuntimeOpenFeatureProvider through OpenFeature', () => {
  let domainCount = 0;
  /** A provider over an in-memory client, in its own OpenFeature domain, ready. */
  async function openFeatureOver(snapshot = makeSnapshot()) {
    const runtime = createTestRuntimeClient({ snapshot });
    const domain = `runtime-${++domainCount}`;
    await OpenFeature.setProviderAndWait(domain, new RuntimeOpenFeatureProvider(runtime));
    return { runtime, features: OpenFeature.getClient(domain) };
  }
  afterAll(() => OpenFeature.close());

  const player = { targetingKey: 'player-1', Platform: 'ios', level: 5, at: RUNNING_AT };

  it('reads a plugin: whether it gives the player a configuration, which one, and its data', async () => {
    const { runtime, features } = await openFeatureOver();
    const receipt = runtime.resolve({
      userId: 'player-1',
      context: { Platform: 'ios' },
      level: 5,
      at: RUNNING_AT,
    });
    const race = receipt.plugins.find((plugin) => plugin.pluginName === 'AGILITY_RACE')!;
    expect(race.outcome).toBe('configuration');

    const details = await features.getBooleanDetails('AGILITY_RACE', false, player);
    expect(details).toMatchObject({
      value: true,
      // named after the case as the screens number it: case index 1 is "Case 2"
      variant: `case-${race.caseIndex! + 1}`,
      reason: StandardResolutionReasons.SPLIT,
      flagMetadata: {
        pluginId: race.pluginId,
        outcome: 'configuration',
        status: WorldEventStatus.Running,
        revision: 7,
        abTestId: race.abTestId,
        caseIndex: race.caseIndex,
        configurationId: race.configuration?.id,
      },
    });
    // runningUntil only when the configuration stops serving (this one runs back to back, with no end)
    expect(details.flagMetadata.runningUntil).toBe(race.runningUntil ?? undefined);
    expect(details.errorCode).toBeUndefined();
    expect(await features.getStringValue('AGILITY_RACE', '', player)).toBe(race.configuration?.id);
    expect(await features.getObjectValue('AGILITY_RACE', {}, player)).toEqual(race.configuration?.data);
    expect(await features.getStringValue('AGILITY_RACE.tag', 'none', player)).toBe('a');
  });

  it("answers the caller's default when the plugin gives nothing, saying why", async () => {
    const snapshot = makeSnapshot();
    snapshot.content.plugins.find((plugin) => plugin.name === 'AGILITY_RACE')!.enabled = false;
    for (const configuration of snapshot.content.configurations)
      if (configuration.id.startsWith('config-ENDURANCE_RACE')) configuration.activation.minLevel = 50;
    const { features } = await openFeatureOver(snapshot);
    const details = await features.getStringDetails('AGILITY_RACE.tag', 'none', player);
    expect(details).toMatchObject({
      value: 'none',
      reason: StandardResolutionReasons.DISABLED,
      flagMetadata: { outcome: 'disabled', status: WorldEventStatus.NotActive },
    });
    // Below the configuration's minimum level: the default, reason DEFAULT and no variant (the value is
    // not the case's); the case stays in the metadata.
    const young = await features.getBooleanDetails('ENDURANCE_RACE', true, player);
    expect(young).toMatchObject({ value: false, reason: StandardResolutionReasons.DEFAULT });
    expect(young.variant).toBeUndefined();
    expect(young.flagMetadata).toMatchObject({
      outcome: 'below-min-level',
      status: WorldEventStatus.LevelUp,
      caseIndex: expect.any(Number),
    });
  });

  it('reports errors as OpenFeature codes with the default value', async () => {
    const { features } = await openFeatureOver();
    const cases = [
      [await features.getBooleanDetails('NO_SUCH_PLUGIN', false, player), ErrorCode.FLAG_NOT_FOUND],
      [await features.getNumberDetails('AGILITY_RACE.missing', 1, player), ErrorCode.FLAG_NOT_FOUND],
      [await features.getNumberDetails('AGILITY_RACE.tag', 1, player), ErrorCode.TYPE_MISMATCH],
      [await features.getNumberDetails('AGILITY_RACE', 1, player), ErrorCode.TYPE_MISMATCH],
      [
        await features.getBooleanDetails('AGILITY_RACE', false, { Platform: 'ios' }),
        ErrorCode.TARGETING_KEY_MISSING,
      ],
      [
        await features.getBooleanDetails('AGILITY_RACE', false, { ...player, Payer: 'yes' }),
        ErrorCode.INVALID_CONTEXT,
      ],
    ] as const;
    expect(cases.map(([details]) => details.errorCode)).toEqual(cases.map(([, code]) => code));
    expect(cases.every(([details]) => details.reason === StandardResolutionReasons.ERROR)).toBe(true);
    // the message POST /runtime/v1/resolve's 400 gives for the same player
    expect(cases[5][0].errorMessage).toBe('context.Payer: context.Payer must be true or false');
    // text the console cannot store is a bad context too, not an exception of the SDK's own
    const lone = await features.getBooleanDetails('AGILITY_RACE', false, { ...player, Platform: '\ud800' });
    expect(lone).toMatchObject({ errorCode: ErrorCode.INVALID_CONTEXT, value: false });
  });

  it('reads an A/B-test as a flag whose value is the case the player is in', async () => {
    const { runtime, features } = await openFeatureOver();
    const receipt = runtime.resolve({
      userId: 'player-1',
      context: { Platform: 'ios' },
      level: 5,
      at: RUNNING_AT,
    });
    const race = receipt.plugins.find((plugin) => plugin.pluginName === 'AGILITY_RACE')!;
    const flag = `abtest:${race.abTestId}`;
    const variant = variantOfCase(race.caseIndex!);
    const details = await features.getStringDetails(flag, 'none', player);
    expect(details).toMatchObject({
      value: variant,
      variant,
      reason: StandardResolutionReasons.SPLIT,
      flagMetadata: {
        abTestId: race.abTestId,
        caseIndex: race.caseIndex,
        version: 1,
        outcome: 'case',
        revision: 7,
      },
    });
    expect(await features.getNumberValue(flag, -1, player)).toBe(race.caseIndex);
    expect(await features.getBooleanValue(flag, false, player)).toBe(true);
    expect(await features.getObjectValue(flag, {}, player)).toEqual({
      abTestId: race.abTestId,
      version: 1,
      caseIndex: race.caseIndex,
      variant,
    });
    // A kept sticky assignment decides, as it does for the plugin.
    const other = 1 - race.caseIndex!;
    const sticky = { ...player, assignments: { [race.abTestId!]: other } };
    expect(await features.getStringValue(flag, 'none', sticky)).toBe(variantOfCase(other));
    expect((await features.getStringDetails('abtest:no-such-test', 'none', player)).errorCode).toBe(
      ErrorCode.FLAG_NOT_FOUND,
    );
  });

  it('gives the default without a variant when an A/B-test places the player in no case', async () => {
    const snapshot = makeSnapshot();
    const [inactive, versionless] = snapshot.content.abTests;
    inactive!.active = false;
    versionless!.version = null;
    versionless!.cases = [];
    const { features } = await openFeatureOver(snapshot);
    const off = await features.getStringDetails(`abtest:${inactive!.id}`, 'none', player);
    expect(off).toMatchObject({ value: 'none', reason: StandardResolutionReasons.DISABLED });
    expect(off.variant).toBeUndefined();
    expect(off.flagMetadata.outcome).toBe('abtest-inactive');
    const none = await features.getBooleanDetails(`abtest:${versionless!.id}`, true, player);
    expect(none).toMatchObject({ value: false, reason: StandardResolutionReasons.DEFAULT });
    expect(none.flagMetadata.outcome).toBe('no-active-version');
  });

  it('names the flags a revision changed: its plugins and A/B-tests', async () => {
    const { runtime, features } = await openFeatureOver();
    const changed: (string[] | undefined)[] = [];
    features.addHandler(ProviderEvents.ConfigurationChanged, (details) =>
      changed.push(details?.flagsChanged),
    );
    const next = makeSnapshot(8);
    // one A/B-test's split changes: the test and the one plugin that serves it
    const test = next.content.abTests.find((candidate) => candidate.id === 'test-AGILITY_RACE')!;
    test.salt = 'resplit';
    runtime.publish(next);
    // a revision that does not follow the last one: what changed is not known, so no list
    runtime.publish(makeSnapshot(10));
    await expect.poll(() => changed).toEqual([['AGILITY_RACE', 'abtest:test-AGILITY_RACE'], undefined]);
  });

  it('tells OpenFeature of a new revision, and of a revoked key', async () => {
    const { runtime, features } = await openFeatureOver();
    const events: string[] = [];
    features.addHandler(ProviderEvents.ConfigurationChanged, (details) =>
      events.push(`changed: ${details?.message}`),
    );
    features.addHandler(ProviderEvents.Error, (details) => events.push(`error: ${details?.message}`));
    runtime.publish(makeSnapshot(8));
    runtime.revokeKey();
    await expect
      .poll(() => events)
      .toEqual([
        "changed: Revision 8 of environment 'dev'",
        'error: This runtime key has been revoked (401)',
      ]);
  });
});
