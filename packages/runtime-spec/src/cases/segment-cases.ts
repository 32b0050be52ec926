import type { ConformanceFile, SpecCondition, SpecPlayer } from '../spec-types.ts';
import {
  abTest,
  type CaseInput,
  condition,
  configuration,
  content,
  Op,
  Property,
  player,
  specFile,
} from './builders.ts';

// Segments, one file per property: each condition is one plugin (named after it) whose only entry's
// A/B-test has that one condition and gives a configuration to everyone it takes, so each player's
// receipt says, plugin by plugin, which conditions hold for it. Then combinations and invalid ones.

const SYMBOL: Record<number, string> = { 1: '==', 2: '!=', 3: '>', 4: '<', 5: 'in' };
const PROPERTY_NAME: Record<number, string> = Object.fromEntries(
  Object.entries(Property).map(([name, id]) => [id, name]),
);

function conditionsFile(
  name: string,
  description: string,
  segments: readonly (readonly SpecCondition[])[],
  players: readonly [string, SpecPlayer][],
): ConformanceFile {
  const shown = (conditions: readonly SpecCondition[]) =>
    conditions.length === 0
      ? '(no conditions)'
      : conditions
          .map(
            (each) =>
              `${PROPERTY_NAME[each.property] ?? `property ${each.property}`} ${SYMBOL[each.op] ?? `op ${each.op}`} ${JSON.stringify(each.value)}`,
          )
          .join(' and ');
  const specContent = content({
    plugins: segments.map((conditions, index) => ({
      id: index + 1,
      name: shown(conditions),
      enabled: true,
      entries: [{ abTestId: `segment-${index + 1}`, abTestVersion: 1, configurations: ['in-segment'] }],
    })),
    abTests: segments.map((conditions, index) =>
      abTest(`segment-${index + 1}`, { segment: { conditions: [...conditions] } }),
    ),
    configurations: [configuration('in-segment', { kind: 'plugin/nuf' })],
  });
  const cases = players.map(([what, each]): CaseInput => ({ description: what, player: each }));
  return specFile(name, description, specContent, cases);
}

const one = (property: number, op: number, value: string): SpecCondition[] => [
  condition(property, op, value),
];
const { Platform, ClientVersion, FirstCountry, Payer, PurchaseCount, PurchaseAmount, UserId } = Property;
const { Equals, NotEquals, GreaterThan, LessThan, Contains } = Op;

function platformFile(): ConformanceFile {
  return conditionsFile(
    '03 segment: Platform',
    'Platform compares trimmed and case-insensitively; == != in; > is not an operation of Platform and a ' +
      'platform outside ios, android, amazon, webgl, editor is not a value (such conditions never hold)',
    [
      one(Platform, Equals, 'ios'),
      one(Platform, Equals, 'IOS'),
      one(Platform, Equals, ' android '),
      one(Platform, NotEquals, 'ios'),
      one(Platform, Contains, 'ios, android'),
      one(Platform, Contains, 'webgl,editor,AMAZON'),
      one(Platform, GreaterThan, 'ios'),
      one(Platform, Equals, 'windows'),
      one(Platform, Contains, 'ios,,android'),
      one(Platform, Equals, '   '),
      one(Platform, Equals, '1os'),
    ],
    [
      ['no Platform in the context: no condition holds, != included', player('p-1')],
      ['Platform "ios"', player('p-1', { Platform: 'ios' })],
      ['Platform "IOS" (case)', player('p-1', { Platform: 'IOS' })],
      ['Platform " iOS " (trimmed)', player('p-1', { Platform: ' iOS ' })],
      ['Platform "android"', player('p-1', { Platform: 'android' })],
      ['Platform "Android"', player('p-1', { Platform: 'Android' })],
      ['Platform "webgl"', player('p-1', { Platform: 'webgl' })],
      ['Platform "amazon"', player('p-1', { Platform: 'amazon' })],
      ['Platform "windows" (any text may be sent)', player('p-1', { Platform: 'windows' })],
      ['Platform "" (present but empty)', player('p-1', { Platform: '' })],
      ['Platform "i os"', player('p-1', { Platform: 'i os' })],
    ],
  );
}

function clientVersionFile(): ConformanceFile {
  return conditionsFile(
    '03 segment: ClientVersion',
    'ClientVersion compares group by group as numbers, a missing group as 0; a player version that is not ' +
      '1-4 groups of 1-9 digits meets no condition; malformed condition values never hold',
    [
      one(ClientVersion, Equals, '1.2'),
      one(ClientVersion, Equals, '1.2.0.0'),
      one(ClientVersion, Equals, '01.2'),
      one(ClientVersion, NotEquals, '1.2'),
      one(ClientVersion, GreaterThan, '1.9'),
      one(ClientVersion, LessThan, '1.10'),
      one(ClientVersion, GreaterThan, '1.2.3'),
      one(ClientVersion, LessThan, '2'),
      one(ClientVersion, Contains, '1.0, 1.2, 2.0.1'),
      one(ClientVersion, Equals, '1.2-beta'),
      one(ClientVersion, Equals, '1.2.3.4.5'),
      one(ClientVersion, GreaterThan, '1234567890'),
      one(ClientVersion, LessThan, '999999999.999999999'),
    ],
    [
      ['no ClientVersion: no condition holds, != included', player('p-1')],
      ['ClientVersion "1.2"', player('p-1', { ClientVersion: '1.2' })],
      ['ClientVersion "1.2.0" (equal to 1.2)', player('p-1', { ClientVersion: '1.2.0' })],
      ['ClientVersion " 1.2 " (trimmed)', player('p-1', { ClientVersion: ' 1.2 ' })],
      ['ClientVersion "1.10" (greater than 1.9)', player('p-1', { ClientVersion: '1.10' })],
      ['ClientVersion "1.9.9"', player('p-1', { ClientVersion: '1.9.9' })],
      ['ClientVersion "1.2.3" (equal, not greater)', player('p-1', { ClientVersion: '1.2.3' })],
      ['ClientVersion "2"', player('p-1', { ClientVersion: '2' })],
      ['ClientVersion "2.0.1"', player('p-1', { ClientVersion: '2.0.1' })],
      ['ClientVersion "0"', player('p-1', { ClientVersion: '0' })],
      ['ClientVersion "1.2.3.4" (four groups)', player('p-1', { ClientVersion: '1.2.3.4' })],
      [
        'ClientVersion "1.2.3.4.5" (not a version: nothing holds)',
        player('p-1', { ClientVersion: '1.2.3.4.5' }),
      ],
      [
        'ClientVersion "1.2-beta" (not a version: nothing holds)',
        player('p-1', { ClientVersion: '1.2-beta' }),
      ],
      ['ClientVersion "123456789.0" (nine digits)', player('p-1', { ClientVersion: '123456789.0' })],
      [
        'ClientVersion "1234567890" (ten digits: not a version)',
        player('p-1', { ClientVersion: '1234567890' }),
      ],
    ],
  );
}

function firstCountryFile(): ConformanceFile {
  return conditionsFile(
    '03 segment: FirstCountry',
    'FirstCountry compares trimmed and case-insensitively against assigned ISO 3166-1 alpha-2 codes ' +
      '(countries.json); an unassigned code or another shape is not a value',
    [
      one(FirstCountry, Equals, 'DE'),
      one(FirstCountry, Equals, 'de'),
      one(FirstCountry, NotEquals, 'DE'),
      one(FirstCountry, Contains, 'fr, DE,us'),
      one(FirstCountry, Equals, 'GB'),
      one(FirstCountry, Equals, 'UK'),
      one(FirstCountry, Equals, 'XX'),
      one(FirstCountry, Equals, 'GER'),
      one(FirstCountry, Contains, 'DE,,FR'),
      one(FirstCountry, LessThan, 'DE'),
    ],
    [
      ['no FirstCountry: no condition holds, != included', player('p-1')],
      ['FirstCountry "DE"', player('p-1', { FirstCountry: 'DE' })],
      ['FirstCountry "de" (case)', player('p-1', { FirstCountry: 'de' })],
      ['FirstCountry " de " (trimmed)', player('p-1', { FirstCountry: ' de ' })],
      ['FirstCountry "Fr"', player('p-1', { FirstCountry: 'Fr' })],
      ['FirstCountry "US"', player('p-1', { FirstCountry: 'US' })],
      ['FirstCountry "GB"', player('p-1', { FirstCountry: 'GB' })],
      ['FirstCountry "UK" (any text may be sent)', player('p-1', { FirstCountry: 'UK' })],
      ['FirstCountry ""', player('p-1', { FirstCountry: '' })],
    ],
  );
}

function payerFile(): ConformanceFile {
  return conditionsFile(
    '03 segment: Payer',
    'Payer is true or false (a condition value in any case); == and != only',
    [
      one(Payer, Equals, 'true'),
      one(Payer, Equals, 'TRUE'),
      one(Payer, NotEquals, 'true'),
      one(Payer, Equals, 'false'),
      one(Payer, NotEquals, 'False'),
      one(Payer, Equals, 'yes'),
      one(Payer, Contains, 'true'),
      one(Payer, GreaterThan, 'false'),
    ],
    [
      ['no Payer: no condition holds, != included', player('p-1')],
      ['Payer true', player('p-1', { Payer: true })],
      ['Payer false', player('p-1', { Payer: false })],
    ],
  );
}

function purchaseCountFile(): ConformanceFile {
  return conditionsFile(
    '03 segment: PurchaseCount',
    'PurchaseCount compares as numbers with all five operations; a value must be a whole number of at ' +
      'least 0 written with up to 15 digits (3.0 is 3)',
    [
      one(PurchaseCount, Equals, '0'),
      one(PurchaseCount, Equals, '3'),
      one(PurchaseCount, Equals, '3.0'),
      one(PurchaseCount, NotEquals, '3'),
      one(PurchaseCount, GreaterThan, '2'),
      one(PurchaseCount, LessThan, '3'),
      one(PurchaseCount, GreaterThan, '0'),
      one(PurchaseCount, Contains, '1, 3, 5'),
      one(PurchaseCount, Contains, '0'),
      one(PurchaseCount, Equals, '999999999999999'),
      one(PurchaseCount, Equals, '-1'),
      one(PurchaseCount, Equals, '2.5'),
      one(PurchaseCount, Equals, '1e3'),
      one(PurchaseCount, LessThan, '1000000000000000'),
    ],
    [
      ['no PurchaseCount: no condition holds, != included', player('p-1')],
      ['PurchaseCount 0', player('p-1', { PurchaseCount: 0 })],
      ['PurchaseCount 1', player('p-1', { PurchaseCount: 1 })],
      ['PurchaseCount 2', player('p-1', { PurchaseCount: 2 })],
      ['PurchaseCount 3', player('p-1', { PurchaseCount: 3 })],
      ['PurchaseCount 4', player('p-1', { PurchaseCount: 4 })],
      ['PurchaseCount 5', player('p-1', { PurchaseCount: 5 })],
      ['PurchaseCount 1000', player('p-1', { PurchaseCount: 1000 })],
      [
        'PurchaseCount 2147483647 (the largest a resolve call takes)',
        player('p-1', { PurchaseCount: 2_147_483_647 }),
      ],
    ],
  );
}

function purchaseAmountFile(): ConformanceFile {
  return conditionsFile(
    '03 segment: PurchaseAmount',
    'PurchaseAmount compares as IEEE doubles (== is exact); up to 6 decimals in a value, at least 0; no "in"',
    [
      one(PurchaseAmount, Equals, '0'),
      one(PurchaseAmount, Equals, '4.99'),
      one(PurchaseAmount, Equals, '4.990000'),
      one(PurchaseAmount, GreaterThan, '4.98'),
      one(PurchaseAmount, LessThan, '5'),
      one(PurchaseAmount, GreaterThan, '0'),
      one(PurchaseAmount, NotEquals, '0.1'),
      one(PurchaseAmount, Equals, '0.3'),
      one(PurchaseAmount, Equals, '4.9900001'),
      one(PurchaseAmount, GreaterThan, '-1'),
      one(PurchaseAmount, Contains, '1,2'),
    ],
    [
      ['no PurchaseAmount: no condition holds, != included', player('p-1')],
      ['PurchaseAmount 0', player('p-1', { PurchaseAmount: 0 })],
      ['PurchaseAmount 0.1', player('p-1', { PurchaseAmount: 0.1 })],
      ['PurchaseAmount 0.3', player('p-1', { PurchaseAmount: 0.3 })],
      [
        'PurchaseAmount 0.30000000000000004 (0.1 + 0.2: not 0.3)',
        player('p-1', { PurchaseAmount: 0.1 + 0.2 }),
      ],
      ['PurchaseAmount 4.98', player('p-1', { PurchaseAmount: 4.98 })],
      ['PurchaseAmount 4.99', player('p-1', { PurchaseAmount: 4.99 })],
      ['PurchaseAmount 5', player('p-1', { PurchaseAmount: 5 })],
      ['PurchaseAmount 1000.5', player('p-1', { PurchaseAmount: 1000.5 })],
    ],
  );
}

function userIdFile(): ConformanceFile {
  return conditionsFile(
    '03 segment: UserId',
    'UserId is the player id exactly (case-sensitive, not trimmed); a condition value is trimmed and has ' +
      '1-64 characters without white space or commas',
    [
      one(UserId, Equals, 'player-1'),
      one(UserId, Equals, 'Player-1'),
      one(UserId, NotEquals, 'player-1'),
      one(UserId, Contains, 'player-1, player-2'),
      one(UserId, Equals, ' player-3 '),
      one(UserId, Equals, 'player 1'),
      one(UserId, Equals, 'p'.repeat(65)),
      one(UserId, Equals, 'p'.repeat(64)),
      one(UserId, Contains, 'a,,b'),
      one(UserId, GreaterThan, 'player-1'),
    ],
    [
      ['player "player-1"', player('player-1')],
      ['player "Player-1" (case counts)', player('Player-1')],
      ['player "player-2"', player('player-2')],
      ['player "player-3"', player('player-3')],
      ['player " player-3" (the player id is not trimmed)', player(' player-3')],
      ['player "player 1"', player('player 1')],
      ['player of 64 p', player('p'.repeat(64))],
      ['player "x"', player('x')],
    ],
  );
}

function combinationsFile(): ConformanceFile {
  return conditionsFile(
    '04 segment: combinations and unknown codes',
    'Every condition of a segment must hold (no conditions: everyone); a condition on an unknown property, ' +
      'on UnSupported (0) or with an unknown operation never holds',
    [
      [],
      [condition(Platform, Equals, 'ios'), condition(Payer, Equals, 'true')],
      [condition(Platform, Contains, 'ios,android'), condition(PurchaseCount, GreaterThan, '2')],
      [
        condition(FirstCountry, NotEquals, 'US'),
        condition(ClientVersion, GreaterThan, '1.2'),
        condition(PurchaseAmount, LessThan, '10'),
      ],
      [condition(Platform, Equals, 'ios'), condition(99, Equals, 'x')],
      one(0, Equals, 'ios'),
      one(99, Equals, 'x'),
      one(Platform, 9, 'ios'),
      one(Platform, 0, 'ios'),
      [condition(UserId, NotEquals, 'banned-1'), condition(UserId, NotEquals, 'banned-2')],
    ],
    [
      ['an empty context', player('p-1')],
      [
        'an iOS payer with 3 purchases from DE, 1.10, 4.99 spent',
        player('p-1', {
          Platform: 'ios',
          Payer: true,
          PurchaseCount: 3,
          FirstCountry: 'DE',
          ClientVersion: '1.10',
          PurchaseAmount: 4.99,
        }),
      ],
      [
        'an Android non-payer with 2 purchases',
        player('p-1', { Platform: 'android', Payer: false, PurchaseCount: 2 }),
      ],
      [
        'a US player on 1.3 with 12 spent',
        player('p-1', { FirstCountry: 'us', ClientVersion: '1.3', PurchaseAmount: 12 }),
      ],
      ['the banned player banned-2', player('banned-2', { Platform: 'ios', Payer: true })],
      ['an iOS player without Payer', player('p-2', { Platform: 'ios' })],
    ],
  );
}

export const segmentFiles = (): ConformanceFile[] => [
  platformFile(),
  clientVersionFile(),
  firstCountryFile(),
  payerFile(),
  purchaseCountFile(),
  purchaseAmountFile(),
  userIdFile(),
  combinationsFile(),
];
