import { describe, expect, it } from 'vitest';
import { activationSettingsSchema } from '../config/activation.schemas.ts';
import {
  AbTestType,
  WorldEventStatus as S,
  SegmentOperation,
  SegmentProperty,
  WorldEventActivationType as T,
} from '../enums.ts';
import { describeWorldEventStatus } from './explain.ts';
import { initialRanges } from './ranges.ts';
import { resolvePlayer, resolveReceipt } from './resolve.ts';
import type { RuntimeConfiguration, RuntimeContent } from './snapshot.ts';
import { isMatchmakingClosed, matchmakingClosePercent, worldEventStatusName } from './world-event-status.ts';

const AT = Date.parse('2024-03-10T10:30:00Z');
const H = 3_600;

function contentWith(
  configuration: Omit<Partial<RuntimeConfiguration>, 'activation'> & { activation?: object },
  options: { enabled?: boolean; slot?: string; abTestId?: string; iosOnly?: boolean; ranges?: boolean } = {},
): RuntimeContent {
  const { activation = {}, ...rest } = configuration;
  return {
    plugins: [
      {
        id: 1,
        name: 'AGILITY_RACE',
        enabled: options.enabled ?? true,
        entries: [
          { abTestId: options.abTestId ?? 't', abTestVersion: 1, configurations: [options.slot ?? 'c'] },
        ],
      },
    ],
    abTests: [
      {
        id: 't',
        type: AbTestType.DynamicSegmentation,
        active: true,
        salt: 't',
        segment: {
          conditions: options.iosOnly
            ? [{ property: SegmentProperty.Platform, op: SegmentOperation.Equals, value: 'ios' }]
            : [],
        },
        version: 1,
        cases: [
          { weight: 1_000_000, ranges: options.ranges === false ? [] : initialRanges([1_000_000])[0]! },
        ],
      },
    ],
    configurations: [
      {
        id: 'c',
        kind: 'ar',
        activation: activationSettingsSchema.parse({ minLevel: 1, ...activation }),
        data: {},
        ...rest,
      },
    ],
    release: {
      nextReleaseTime: 0,
      maxLevel: 1,
      nextMaxLevel: 1,
      remindVersion: '',
      minimumVersion: '',
      keyValue: '',
    },
  };
}

const statusOf = (content: RuntimeContent, level = 1, at = AT) => {
  const receipt = resolveReceipt(content, { userId: 'p', context: { Platform: 'android' }, level }, at);
  expect(
    resolvePlayer(content, { userId: 'p', context: { Platform: 'android' }, level }, at).plugins[0]!.status,
  ).toBe(receipt.plugins[0]!.status);
  return worldEventStatusName(receipt.plugins[0]!.status);
};

/** Daily 10:00-14:00 UTC. */
const daily = { type: T.Daily, maxEventDuration: 4 * H, scheduleOffset: 10 * H };

describe('world event status', () => {
  it('NotActive: the plugin switched off, or the case names a configuration the snapshot lacks (switched off)', () => {
    expect(statusOf(contentWith({}, { enabled: false }))).toBe('NotActive');
    expect(statusOf(contentWith({}, { slot: 'switched-off' }))).toBe('NotActive');
  });

  it('NotFound: no entry takes the player, or the case has no configuration', () => {
    expect(statusOf(contentWith({}, { iosOnly: true }))).toBe('NotFound');
    expect(statusOf(contentWith({}, { slot: '' }))).toBe('NotFound');
  });

  it('Error: an entry could not be evaluated because the content is broken, and no later one decided', () => {
    expect(statusOf(contentWith({}, { abTestId: 'not-in-the-snapshot' }))).toBe('Error');
    expect(statusOf(contentWith({}, { ranges: false }))).toBe('Error');
  });

  it('NotStarted before a run and between runs, Running inside one, Finished after the last', () => {
    expect(statusOf(contentWith({ activation: daily }))).toBe('Running');
    expect(statusOf(contentWith({ activation: daily }), 1, Date.parse('2024-03-10T09:59:59.999Z'))).toBe(
      'NotStarted',
    );
    expect(statusOf(contentWith({ activation: daily }), 1, Date.parse('2024-03-10T14:00:00Z'))).toBe(
      'NotStarted',
    );
    const ended = { ...daily, end: Date.parse('2024-03-10T12:00:00Z') };
    expect(statusOf(contentWith({ activation: ended }), 1, Date.parse('2024-03-10T12:00:00Z'))).toBe(
      'Finished',
    );
    const once = { type: T.OneShot, start: Date.parse('2024-03-09T00:00:00Z'), maxEventDuration: H };
    expect(statusOf(contentWith({ activation: once }))).toBe('Finished');
    const later = { ...once, start: Date.parse('2025-03-09T00:00:00Z') };
    expect(statusOf(contentWith({ activation: later }))).toBe('NotStarted');
  });

  it('LevelUp: it runs but the player is below its minimum level; not when it does not run', () => {
    expect(statusOf(contentWith({ activation: { ...daily, minLevel: 20 } }), 19)).toBe('LevelUp');
    expect(statusOf(contentWith({ activation: { ...daily, minLevel: 20 } }), 20)).toBe('Running');
    expect(
      statusOf(
        contentWith({ activation: { ...daily, minLevel: 20 } }),
        1,
        Date.parse('2024-03-10T15:00:00Z'),
      ),
    ).toBe('NotStarted');
  });

  it('MatchMakingClosed from closePct percent of the run on, while the player still receives it', () => {
    // the run 10:00-14:00: 25% is 11:00
    const closing = contentWith({ activation: daily, data: { matchmaking: { closePct: 25 } } });
    expect(statusOf(closing, 1, Date.parse('2024-03-10T10:59:59.999Z'))).toBe('Running');
    expect(statusOf(closing, 1, Date.parse('2024-03-10T11:00:00Z'))).toBe('MatchMakingClosed');
    const receipt = resolveReceipt(closing, { userId: 'p', context: {} }, Date.parse('2024-03-10T11:30:00Z'));
    expect(receipt.plugins[0]).toMatchObject({ outcome: 'configuration', status: S.MatchMakingClosed });
    // 100% closes only when the run is over: never while it runs
    const open = contentWith({ activation: daily, data: { matchmaking: { closePct: 100 } } });
    expect(statusOf(open, 1, Date.parse('2024-03-10T13:59:59.999Z'))).toBe('Running');
    // a kind without activation has no run to close
    expect(statusOf(contentWith({ kind: 'plugin/nuf', data: { matchmaking: { closePct: 1 } } }))).toBe(
      'Running',
    );
  });

  it('reads closePct only when it is a whole percentage, and compares in whole numbers', () => {
    expect(matchmakingClosePercent({ matchmaking: { closePct: 80 } })).toBe(80);
    for (const data of [
      {},
      { matchmaking: null },
      { matchmaking: { closePct: 0 } },
      { matchmaking: { closePct: 50.5 } },
    ]) {
      expect(matchmakingClosePercent(data)).toBeNull();
    }
    expect(isMatchmakingClosed(50, 0, 3, 1)).toBe(false);
    expect(isMatchmakingClosed(50, 0, 3, 2)).toBe(true);
    expect(isMatchmakingClosed(100, 0, 3, 2)).toBe(false);
  });

  it('is described for the preview with its name, code and why', () => {
    const describe = (content: RuntimeContent, at = AT, level = 1) =>
      describeWorldEventStatus(resolvePlayer(content, { userId: 'p', context: {}, level }, at).plugins[0]!);
    expect(describe(contentWith({ activation: daily, data: { matchmaking: { closePct: 25 } } }))).toBe(
      'Running (2); matchmaking closes at 25% of the run',
    );
    expect(
      describe(
        contentWith({ activation: daily, data: { matchmaking: { closePct: 25 } } }),
        Date.parse('2024-03-10T12:00:00Z'),
      ),
    ).toBe('MatchMakingClosed (4096): matchmaking closes at 25% of the run');
    expect(describe(contentWith({ activation: daily }), Date.parse('2024-03-10T15:00:00Z'))).toBe(
      'NotStarted (64): the next run starts 2024-03-11T10:00:00.000Z',
    );
    expect(describe(contentWith({ activation: { ...daily, minLevel: 5 } }))).toBe(
      'LevelUp (256): the player needs level 5',
    );
    expect(describe(contentWith({}, { enabled: false }))).toBe('NotActive (16): the plugin is switched off');
    expect(describe(contentWith({}, { abTestId: 'gone' }))).toMatch(
      /^Error \(1\): an entry cannot be evaluated/,
    );
  });
});
