import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activationSettingsSchema } from '../config/activation.schemas.ts';
import { ACTIVATION_TYPES, WEEKLY_SLOT_COUNT } from '../config/activation-types.ts';
import { AbTestType, SegmentOperation, SegmentProperty } from '../enums.ts';
import { initialRanges, reassignRanges } from './ranges.ts';
import { playerReceiptSchema, receiptOf } from './resolution.schemas.ts';
import { resolvePlayer, resolveReceipt } from './resolve.ts';
import type { PlayerContext } from './runtime-api.ts';
import type { RuntimeAbTest, RuntimeConfiguration, RuntimeContent, RuntimePlugin } from './snapshot.ts';

// resolveReceipt (what game servers call per player) and resolvePlayer (with the reasons) share one
// decision; this checks they answer the same over generated snapshots, players and instants.

const START = Date.parse('2024-03-01T00:00:00Z');
const DAY = 86_400_000;
const TEST_IDS = ['a', 'b', 'c', 'd', 'gone'];
const CONFIGURATION_IDS = ['x', 'y', 'z', 'w', 'missing'];

const conditionArbitrary = fc.record({
  property: fc.constantFrom(...Object.values(SegmentProperty), 99),
  op: fc.constantFrom(...Object.values(SegmentOperation), 9),
  value: fc.constantFrom(
    'ios',
    'android, ios',
    'DE',
    'de,fr',
    'true',
    'false',
    '3',
    '0.5',
    '1.2',
    '1.10.0',
    'p-1',
    '',
  ),
});

const testArbitrary = (id: string): fc.Arbitrary<RuntimeAbTest> =>
  fc
    .record({
      type: fc.constantFrom(
        AbTestType.StickySegmentation,
        AbTestType.DynamicSegmentation,
        AbTestType.Rollout,
      ),
      active: fc.boolean(),
      hasVersion: fc.boolean(),
      conditions: fc.array(conditionArbitrary, { maxLength: 3 }),
      first: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 4 }),
      second: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 4 }),
    })
    .map(({ type, active, hasVersion, conditions, first, second }) => {
      const weights = (parts: number[]) => {
        const total = parts.reduce((sum, part) => sum + part, 0) || 1;
        const scaled = parts.map((part) => Math.floor((part * 1_000_000) / total));
        scaled[0]! += 1_000_000 - scaled.reduce((sum, weight) => sum + weight, 0);
        return scaled;
      };
      const ranges = reassignRanges(initialRanges(weights(first)), weights(second));
      return {
        id,
        type,
        active,
        salt: `salt-${id}`,
        segment: { conditions },
        version: hasVersion ? 2 : null,
        cases: hasVersion ? weights(second).map((weight, index) => ({ weight, ranges: ranges[index]! })) : [],
      };
    });

const configurationArbitrary = (id: string): fc.Arbitrary<RuntimeConfiguration> =>
  fc
    .record({
      type: fc.constantFrom(...ACTIVATION_TYPES.map((type) => type.id)),
      start: fc.integer({ min: START - 5 * DAY, max: START + 5 * DAY }),
      length: fc.option(fc.integer({ min: 1, max: 20 * DAY })),
      cooldown: fc.constantFrom(0, 0, 600, 3_600),
      maxEventDuration: fc.constantFrom(300, 3_600, 43_200, 86_400, 700_000),
      slot: fc.integer({ min: 0, max: WEEKLY_SLOT_COUNT - 1 }),
      minLevel: fc.constantFrom(1, 10, 50),
      closePct: fc.option(fc.integer({ min: 1, max: 100 })),
      kind: fc.constantFrom('ar', 'ar', 'plugin/nuf'),
    })
    .map(({ length, slot, closePct, kind, ...activation }) => ({
      id,
      kind,
      activation: activationSettingsSchema.parse({
        ...activation,
        end: length === null ? 0 : activation.start + length,
        weeklyOffer: Array.from(
          { length: WEEKLY_SLOT_COUNT },
          (_, index) => index === slot || index === slot + 1,
        ),
      }),
      data: closePct === null ? { id } : { id, matchmaking: { closePct } },
    }));

const contentArbitrary: fc.Arbitrary<RuntimeContent> = fc
  .record({
    tests: fc.tuple(...TEST_IDS.slice(0, 4).map(testArbitrary)),
    configurations: fc.tuple(...CONFIGURATION_IDS.slice(0, 4).map(configurationArbitrary)),
    plugins: fc.array(
      fc.record({
        enabled: fc.boolean(),
        entries: fc.array(
          fc.record({
            abTestId: fc.constantFrom(...TEST_IDS),
            configurations: fc.array(fc.constantFrom('', ...CONFIGURATION_IDS), { maxLength: 4 }),
          }),
          { maxLength: 4 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ tests, configurations, plugins }) => ({
    plugins: plugins.map(
      (plugin, index): RuntimePlugin => ({
        id: index + 1,
        name: `PLUGIN_${index + 1}`,
        enabled: plugin.enabled,
        entries: plugin.entries.map((entry) => ({ ...entry, abTestVersion: 2 })),
      }),
    ),
    abTests: tests,
    configurations,
    release: {
      nextReleaseTime: 0,
      maxLevel: 100,
      nextMaxLevel: 100,
      remindVersion: '',
      minimumVersion: '',
      keyValue: '',
    },
  }));

const playerArbitrary = fc.record({
  userId: fc.constantFrom('p-1', 'p-2', 'player-42', 'Ω', 'x'),
  context: fc.record(
    {
      Platform: fc.constantFrom('ios', 'Android', ' webgl '),
      ClientVersion: fc.constantFrom('1.2', '1.10', '1.2.0.1', 'beta'),
      FirstCountry: fc.constantFrom('de', 'FR', 'us'),
      Payer: fc.boolean(),
      PurchaseCount: fc.integer({ min: 0, max: 5 }),
      PurchaseAmount: fc.constantFrom(0, 0.5, 4.99),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<PlayerContext>,
  level: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
  assignments: fc.option(fc.dictionary(fc.constantFrom(...TEST_IDS), fc.integer({ min: 0, max: 4 })), {
    nil: undefined,
  }),
});

describe('resolveReceipt', () => {
  it('property: equals the receipt of resolvePlayer (the explanation) for any snapshot, player and instant', () => {
    fc.assert(
      fc.property(
        contentArbitrary,
        fc.array(fc.tuple(playerArbitrary, fc.integer({ min: START - 7 * DAY, max: START + 30 * DAY })), {
          minLength: 1,
          maxLength: 6,
        }),
        (content, players) => {
          for (const [player, at] of players) {
            const receipt = resolveReceipt(content, player, at);
            expect(playerReceiptSchema.parse(receipt)).toEqual(receipt);
            expect(receipt).toEqual(receiptOf(resolvePlayer(content, player, at)));
          }
        },
      ),
      { seed: 20, numRuns: 400 },
    );
  });
});
