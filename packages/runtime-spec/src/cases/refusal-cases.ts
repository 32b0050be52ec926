import type { RefusalsFile, RequestRefusal, SnapshotRefusal, SpecSnapshot } from '../spec-types.ts';
import {
  ActivationType,
  AT,
  abTest,
  condition,
  configuration,
  content,
  Op,
  Property,
  plugin,
  rangesOf,
  specFile,
} from './builders.ts';

// v1/refusals.json: resolve bodies and snapshots every implementation refuses, each with why, worked
// out from v1/README.md by hand (the texts are the console's words; a port need only refuse, naming
// the field or the place).

const EMOJI = '\u{1F600}';
const AT_RANGE =
  'at must be UTC milliseconds (a whole number from 946684800000, 2000-01-01, to 253402300799999, 9999-12-31)';
const CASE_INDEX = 'a case index of assignments must be a whole number from 0 to 1000';
const SURROGATE = 'must be valid Unicode text (it contains an unpaired surrogate)';

const request = (description: string, body: unknown, field: string, error: string): RequestRefusal => ({
  description,
  body,
  field,
  error: `${field}: ${error}`,
});

function requestRefusals(): RequestRefusal[] {
  return [
    request(
      'userId of 33 emoji: 66 UTF-16 code units, over 64 (33 code points, 132 UTF-8 bytes)',
      { userId: EMOJI.repeat(33), at: AT },
      'userId',
      'userId must be at most 64 characters',
    ),
    request(
      'userId of 65 ASCII characters: 65 units',
      { userId: 'x'.repeat(65), at: AT },
      'userId',
      'userId must be at most 64 characters',
    ),
    request('userId empty', { userId: '', at: AT }, 'userId', 'userId must not be empty'),
    request('userId absent', { at: AT }, 'userId', 'userId is required'),
    request(
      'userId ending in a lone high surrogate U+D800',
      { userId: 'p\ud800', at: AT },
      'userId',
      SURROGATE,
    ),
    request('userId starting with a lone low surrogate U+DC00', { userId: '\udc00p' }, 'userId', SURROGATE),
    request(
      'userId of a low then a high surrogate: a pair only in the other order',
      { userId: '\udc00\ud800' },
      'userId',
      SURROGATE,
    ),
    request(
      'a lone surrogate in a context text',
      { userId: 'p', context: { Platform: 'ios\udbff' } },
      'context.Platform',
      SURROGATE,
    ),
    request(
      'a lone surrogate in an A/B-test id of the assignments (a field name)',
      { userId: 'p', assignments: { 't\ud800': 0 } },
      'assignments',
      `field names ${SURROGATE}`,
    ),
    request(
      'userId holding NUL',
      { userId: 'p\u0000' },
      'userId',
      'must not contain the NUL character (U+0000)',
    ),
    request(
      'userId holding a zero-width space U+200B (format characters are refused, white space is not)',
      { userId: 'pla\u200byer' },
      'userId',
      'userId must not contain bidirectional controls or zero-width characters (found U+200B)',
    ),
    request(
      'context.FirstCountry of 5 emoji: 10 units, over 8',
      { userId: 'p', context: { FirstCountry: EMOJI.repeat(5) } },
      'context.FirstCountry',
      'Too big: expected string to have <=8 characters',
    ),
    request(
      'context.PurchaseCount 2.5: not whole',
      { userId: 'p', context: { PurchaseCount: 2.5 } },
      'context.PurchaseCount',
      'context.PurchaseCount must be a whole number from 0 to 2147483647',
    ),
    request(
      'an unknown context property',
      { userId: 'p', context: { Level: 3 } },
      'context',
      "unknown field 'Level': context takes Platform, ClientVersion, FirstCountry, Payer, PurchaseCount, PurchaseAmount",
    ),
    request('level 0', { userId: 'p', level: 0 }, 'level', 'level must be a whole number from 1 to 1000000'),
    request(
      'at in seconds',
      { userId: 'p', at: 1_710_066_600 },
      'at',
      `${AT_RANGE}; 1710066600 looks like seconds: multiply it by 1000`,
    ),
    request(
      'assignments case index -1',
      { userId: 'p', assignments: { t: -1 } },
      'assignments.t',
      CASE_INDEX,
    ),
    request(
      'assignments case index 1.5',
      { userId: 'p', assignments: { t: 1.5 } },
      'assignments.t',
      CASE_INDEX,
    ),
    request(
      'an A/B-test id of 101 emoji in the assignments: 202 units, over 200 (the message cuts the name at 40 units)',
      { userId: 'p', assignments: { [EMOJI.repeat(101)]: 0 } },
      `assignments.${EMOJI.repeat(20)}…`,
      'assignments must be an object of A/B-test id to case index',
    ),
    request(
      'an unknown field',
      { userId: 'p', explian: true },
      'body',
      "unknown field 'explian': the body takes userId, context, level, at, assignments, explain",
    ),
  ];
}

/** A valid snapshot: one plugin, one sticky test of two cases, one Hourly configuration. */
function validSnapshot(): SpecSnapshot {
  const specContent = content({
    plugins: [plugin(1, [['t', ['c', '']]])],
    abTests: [
      abTest('t', {
        type: 0,
        ranges: rangesOf([500_000, 500_000]),
        segment: { conditions: [condition(Property.Platform, Op.Equals, 'ios')] },
      }),
    ],
    configurations: [
      configuration('c', { activation: { type: ActivationType.Hourly, maxEventDuration: 600, start: AT } }),
    ],
  });
  return specFile('refusals', '', specContent, []).snapshot;
}

const ACTIVATION = ['content', 'configurations', 0, 'activation'];

/** Sets (or, with no value, removes) a field to a value its type may not allow: what the refusal is about. */
function put(target: object, key: string | number, ...value: [unknown?]): void {
  const fields = target as Record<string | number, unknown>;
  if (value.length === 0) delete fields[key];
  else fields[key] = value[0];
}

function snapshotRefusals(): SnapshotRefusal[] {
  const refusal = (
    description: string,
    path: (string | number)[],
    change: (snapshot: SpecSnapshot) => void,
  ): SnapshotRefusal => {
    const snapshot = validSnapshot();
    change(snapshot);
    return { description, snapshot, path };
  };
  const activation = (snapshot: SpecSnapshot) => snapshot.content.configurations[0]!.activation;
  const test = (snapshot: SpecSnapshot) => snapshot.content.abTests[0]!;
  return [
    refusal('maxEventDuration 0: D ≤ 0 (at least 1 s)', [...ACTIVATION, 'maxEventDuration'], (s) => {
      put(activation(s), 'maxEventDuration', 0);
    }),
    refusal('maxEventDuration 1.5: not whole seconds', [...ACTIVATION, 'maxEventDuration'], (s) => {
      put(activation(s), 'maxEventDuration', 1.5);
    }),
    refusal('maxEventDuration 31,536,001 s: over 365 days', [...ACTIVATION, 'maxEventDuration'], (s) => {
      put(activation(s), 'maxEventDuration', 31_536_001);
    }),
    refusal('activation type 4: not one of the ten codes', [...ACTIVATION, 'type'], (s) => {
      put(activation(s), 'type', 4);
    }),
    refusal('start -1: before 0', [...ACTIVATION, 'start'], (s) => {
      put(activation(s), 'start', -1);
    }),
    refusal('end equal to start (not 0): end must be after start', [...ACTIVATION, 'end'], (s) => {
      put(activation(s), 'end', activation(s).start);
    }),
    refusal('end 253402300800000: after 9999-12-31T23:59:59.999Z', [...ACTIVATION, 'end'], (s) => {
      put(activation(s), 'end', 253_402_300_800_000);
    }),
    refusal('cooldown -1 s: below 0', [...ACTIVATION, 'cooldown'], (s) => {
      put(activation(s), 'cooldown', -1);
    }),
    refusal('minLevel 0: below 1', [...ACTIVATION, 'minLevel'], (s) => {
      put(activation(s), 'minLevel', 0);
    }),
    refusal('weeklyOffer of 55 slots: not 56', [...ACTIVATION, 'weeklyOffer'], (s) => {
      put(activation(s), 'weeklyOffer', activation(s).weeklyOffer.slice(1));
    }),
    refusal('weeklyOffer selecting all 56 slots', [...ACTIVATION, 'weeklyOffer'], (s) => {
      put(
        activation(s),
        'weeklyOffer',
        Array.from({ length: 56 }, () => true),
      );
    }),
    refusal(
      'scheduleOffset 3601 s for Hourly: over one period (3600 s)',
      [...ACTIVATION, 'scheduleOffset'],
      (s) => {
        put(activation(s), 'scheduleOffset', 3_601);
      },
    ),
    refusal(
      'a bucket range ending at 1,000,001',
      ['content', 'abTests', 0, 'cases', 0, 'ranges', 0, 1],
      (s) => {
        put(test(s).cases[0]!.ranges[0]!, 1, 1_000_001);
      },
    ),
    refusal(
      'a bucket range starting at 0.5: not whole',
      ['content', 'abTests', 0, 'cases', 0, 'ranges', 0, 0],
      (s) => {
        put(test(s).cases[0]!.ranges[0]!, 0, 0.5);
      },
    ),
    refusal(
      'a segment of 51 conditions: at most 50',
      ['content', 'abTests', 0, 'segment', 'conditions'],
      (s) => {
        const conditions = Array.from({ length: 51 }, () => condition(Property.Platform, Op.Equals, 'ios'));
        put(test(s).segment, 'conditions', conditions);
      },
    ),
    refusal(
      'a condition value of 4001 characters: at most 4000',
      ['content', 'abTests', 0, 'segment', 'conditions', 0, 'value'],
      (s) => {
        put(test(s).segment.conditions[0]!, 'value', 'x'.repeat(4001));
      },
    ),
    refusal(
      'a condition property 2.5: not whole',
      ['content', 'abTests', 0, 'segment', 'conditions', 0, 'property'],
      (s) => {
        put(test(s).segment.conditions[0]!, 'property', 2.5);
      },
    ),
    refusal('an A/B-test active "yes": not true or false', ['content', 'abTests', 0, 'active'], (s) => {
      put(test(s), 'active', 'yes');
    }),
    refusal('a plugin without enabled', ['content', 'plugins', 0, 'enabled'], (s) => {
      put(s.content.plugins[0]!, 'enabled');
    }),
    refusal(
      'an entry configuration id null: not a text',
      ['content', 'plugins', 0, 'entries', 0, 'configurations', 1],
      (s) => {
        put(s.content.plugins[0]!.entries[0]!.configurations, 1, null);
      },
    ),
    refusal('configuration data a list: not an object', ['content', 'configurations', 0, 'data'], (s) => {
      put(s.content.configurations[0]!, 'data', []);
    }),
    refusal('no release', ['content', 'release'], (s) => {
      put(s.content, 'release');
    }),
    refusal('revision 0: at least 1', ['revision'], (s) => {
      put(s, 'revision', 0);
    }),
  ];
}

export function buildRefusals(): RefusalsFile {
  return {
    name: 'refusals',
    description:
      'Resolve bodies refused with 400 (requests: the field and the console’s message) and snapshots ' +
      'refused whole (snapshots: where), each for one reason; the base snapshot of every refused one is ' +
      'valid (one plugin, one sticky test of two cases, one Hourly configuration).',
    requests: requestRefusals(),
    snapshots: snapshotRefusals(),
  };
}
