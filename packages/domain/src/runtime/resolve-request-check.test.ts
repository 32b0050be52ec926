import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptResolveRequest, checkResolveRequest, ResolveInputError } from './resolve-request-check.ts';
import {
  MAX_PLAYER_LEVEL,
  MAX_RESOLVE_AT_MS,
  MIN_RESOLVE_AT_MS,
  resolveRequestSchema,
} from './runtime-api.ts';

// The hand check of the resolve body against the schema it stands in for: whatever it takes, the schema
// takes, giving the same request; and the bodies game servers send are taken (else it would be no help).

/** Values near every bound the schema sets, and of the wrong types. */
const anyValue = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    1.5,
    2,
    64,
    65,
    1000,
    1001,
    MAX_PLAYER_LEVEL,
    MAX_PLAYER_LEVEL + 1,
    2_147_483_647,
  ),
  fc.constantFrom(MIN_RESOLVE_AT_MS, MIN_RESOLVE_AT_MS - 1, MAX_RESOLVE_AT_MS, MAX_RESOLVE_AT_MS + 1, 1e9),
  fc.constantFrom(2_147_483_648, -0, 0.99, 4.99),
  fc.string({ maxLength: 3 }),
  fc.constantFrom('', 'x'.repeat(8), 'x'.repeat(9), 'x'.repeat(64), 'x'.repeat(65), 'ios', '1.2'),
  // Identifiers refuse bidirectional controls and zero-width characters
  fc.constantFrom('player\u202E1', 'pla\u200Byer'),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
const contextOf = fc.dictionary(
  fc.constantFrom(
    'Platform',
    'ClientVersion',
    'FirstCountry',
    'Payer',
    'PurchaseCount',
    'PurchaseAmount',
    'Other',
  ),
  anyValue,
);
const assignmentsOf = fc.dictionary(
  fc.oneof(fc.constantFrom('a', 'x'.repeat(200), 'x'.repeat(201)), fc.string({ maxLength: 4 })),
  anyValue,
);
/** Mostly right, now and then anything. */
const mostly = <T>(right: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: right, weight: 12 }, { arbitrary: anyValue, weight: 1 });
const rightContext = fc.record(
  {
    Platform: fc.constantFrom('ios', ' Android ', 'x'.repeat(64)),
    ClientVersion: fc.constantFrom('1.2', '1.2.3.4', ''),
    FirstCountry: fc.constantFrom('DE', 'us', 'x'.repeat(8)),
    Payer: fc.boolean(),
    PurchaseCount: fc.integer({ min: 0, max: 2_147_483_647 }),
    PurchaseAmount: fc.double({ min: 0, max: 1e6, noNaN: true }),
  },
  { requiredKeys: [] },
);
const bodyOf = fc.record(
  {
    userId: mostly(fc.string({ minLength: 1, maxLength: 64 })),
    context: fc.oneof({ arbitrary: rightContext, weight: 6 }, contextOf, anyValue),
    level: mostly(fc.integer({ min: 1, max: MAX_PLAYER_LEVEL })),
    at: mostly(fc.integer({ min: MIN_RESOLVE_AT_MS, max: MAX_RESOLVE_AT_MS })),
    assignments: fc.oneof(
      {
        arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 1000 }), {
          maxKeys: 3,
        }),
        weight: 10,
      },
      assignmentsOf,
      anyValue,
    ),
    explain: mostly(fc.boolean()),
  },
  { requiredKeys: ['userId'] },
);

/** Now and then a misspelt field as well. */
const bodies = fc
  .tuple(bodyOf, fc.option(anyValue, { freq: 20 }))
  .map(([body, extra]) => (extra === null ? body : { ...body, explian: extra }));

describe('acceptResolveRequest', () => {
  it('takes only bodies the schema takes, and gives the request the schema gives', () => {
    let taken = 0;
    fc.assert(
      fc.property(bodies, (generated) => {
        const body = JSON.parse(JSON.stringify(generated)) as unknown;
        const parsed = resolveRequestSchema.safeParse(JSON.parse(JSON.stringify(generated)));
        if (acceptResolveRequest(body)) {
          taken += 1;
          expect(parsed.error?.issues ?? []).toEqual([]);
          expect(body).toEqual(parsed.data);
        }
      }),
      { numRuns: 4_000 },
    );
    // enough of the generated bodies are taken for the comparison to say something
    expect(taken).toBeGreaterThan(100);
  });

  it('takes the bodies game servers send, setting the default context', () => {
    const bodies: unknown[] = [
      { userId: 'player-42', context: { Platform: 'ios', Payer: true, PurchaseCount: 3 }, level: 20 },
      { userId: 'p', context: { ClientVersion: '1.2.3', FirstCountry: 'DE', PurchaseAmount: 4.99 } },
      { userId: 'p', at: MIN_RESOLVE_AT_MS, assignments: { 'spring-sale': 1 }, explain: true },
      { userId: 'x'.repeat(64), level: MAX_PLAYER_LEVEL, at: MAX_RESOLVE_AT_MS, explain: false },
    ];
    for (const body of bodies) {
      const parsed = resolveRequestSchema.parse(structuredClone(body));
      expect(acceptResolveRequest(body)).toBe(true);
      expect(body).toEqual(parsed);
    }
    const bare = { userId: 'p' };
    expect(acceptResolveRequest(bare)).toBe(true);
    expect(bare).toEqual({ userId: 'p', context: {} });
  });

  it('leaves wrong bodies to the schema, untouched', () => {
    for (const body of [
      { userId: 'p', assignment: {} },
      { userId: 'p', level: 1.5 },
      { userId: 'p', at: 1_710_000_000 },
      { userId: '' },
      { userId: 'p', context: { Platform: 'ios', platform: 'ios' } },
      { userId: 'p', assignments: { a: -1 } },
      [],
      null,
      'p',
    ]) {
      const before = JSON.stringify(body);
      expect(acceptResolveRequest(body)).toBe(false);
      expect(JSON.stringify(body)).toBe(before);
    }
  });
});

describe('checkResolveRequest', () => {
  it('answers what the schema gives, or refuses with ResolveInputError naming the field: nothing else', () => {
    fc.assert(
      fc.property(bodies, (generated) => {
        const body = JSON.parse(JSON.stringify(generated)) as unknown;
        const before = JSON.stringify(body);
        const parsed = resolveRequestSchema.safeParse(JSON.parse(before));
        let answer: unknown;
        try {
          answer = checkResolveRequest(body);
        } catch (error) {
          expect(error).toBeInstanceOf(ResolveInputError);
          const refusal = error as ResolveInputError;
          expect(parsed.success).toBe(false);
          expect(refusal.code).toBe('BAD_INPUT');
          expect(refusal.message.startsWith(`${refusal.field}: `)).toBe(true);
          return;
        }
        expect(parsed.error?.issues ?? []).toEqual([]);
        expect(answer).toEqual(parsed.data);
        // the caller's body is never changed (the SDK's caller keeps its object)
        expect(JSON.stringify(body)).toBe(before);
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses what the SDK used to resolve or crash on, with the messages of the console’s 400', () => {
    const cases: [unknown, readonly (string | number)[], string][] = [
      [
        { userId: 'p', assignments: { t: -1 } },
        ['assignments', 't'],
        'assignments.t: a case index of assignments must be a whole number from 0 to 1000',
      ],
      [
        { userId: 'p', assignments: { t: 1.5 } },
        ['assignments', 't'],
        'assignments.t: a case index of assignments must be a whole number from 0 to 1000',
      ],
      [{ userId: 'p', level: 0 }, ['level'], 'level: level must be a whole number from 1 to 1000000'],
      [
        { userId: 'p', context: { PurchaseCount: 2.5 } },
        ['context', 'PurchaseCount'],
        'context.PurchaseCount: context.PurchaseCount must be a whole number from 0 to 2147483647',
      ],
      [
        { userId: 'p', context: { Level: 3 } },
        ['context'],
        "context: unknown field 'Level': context takes Platform, ClientVersion, FirstCountry, Payer, PurchaseCount, PurchaseAmount",
      ],
      [{ userId: 'x'.repeat(65) }, ['userId'], 'userId: userId must be at most 64 characters'],
      // 33 emoji are 66 UTF-16 code units
      [{ userId: '😀'.repeat(33) }, ['userId'], 'userId: userId must be at most 64 characters'],
      [
        { userId: 'p\ud800' },
        ['userId'],
        'userId: must be valid Unicode text (it contains an unpaired surrogate)',
      ],
      [
        { userId: 'p', assignments: { 'a\u0000': 1 } },
        ['assignments'],
        'assignments: field names must not contain the NUL character (U+0000)',
      ],
      [null, [], 'body: the body must be a JSON object (userId, context, level, at, assignments, explain)'],
      // what the console's JSON reader refuses, JSON.parse in a game server keeps
      [
        JSON.parse('{"userId": "p", "assignments": {"__proto__": 1}}'),
        ['assignments', '__proto__'],
        'assignments.__proto__: must not be a key: JavaScript gives __proto__ a meaning of its own',
      ],
      [
        JSON.parse('{"userId": "p", "constructor": {"prototype": {}}}'),
        ['constructor'],
        'constructor: must not be a key holding prototype: JavaScript gives constructor.prototype a meaning of its own',
      ],
    ];
    for (const [body, path, message] of cases) {
      const refusal = (() => {
        try {
          checkResolveRequest(body);
        } catch (error) {
          return error;
        }
        return null;
      })();
      expect(refusal).toBeInstanceOf(ResolveInputError);
      expect({ path: (refusal as ResolveInputError).path, message: (refusal as Error).message }).toEqual({
        path,
        message,
      });
    }
    expect(checkResolveRequest({ userId: '😀'.repeat(32) })).toEqual({
      userId: '😀'.repeat(32),
      context: {},
    });
  });
});
