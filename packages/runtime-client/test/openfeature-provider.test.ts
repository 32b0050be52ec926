import { WorldEventStatus } from '@console/domain';
import { ErrorCode, OpenFeature, ProviderEvents, StandardResolutionReasons } from '@openfeature/server-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestRuntimeClient } from '../src/index.ts';
import { RuntimeOpenFeatureProvider } from '../src/openfeature.ts';
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
      variant: String(race.caseIndex),
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
    // Below the configuration's minimum level: the default, reason DEFAULT, the case still named.
    const young = await features.getBooleanDetails('ENDURANCE_RACE', true, player);
    expect(young).toMatchObject({ value: false, reason: StandardResolutionReasons.DEFAULT, variant: '0' });
    expect(young.flagMetadata).toMatchObject({
      outcome: 'below-min-level',
      status: WorldEventStatus.LevelUp,
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
    expect(cases[5][0].errorMessage).toBe('context.Payer must be true or false');
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
