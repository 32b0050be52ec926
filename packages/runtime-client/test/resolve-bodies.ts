import { createInterface } from 'node:readline';
import { spawnTestProcess } from '@console/server/testing';
import fc from 'fast-check';

// Resolve bodies as game servers send them and as they go wrong: wrong types, numbers out of range or
// not whole, unknown fields, long and odd texts (astral characters counted as two UTF-16 units, lone
// surrogates, NUL, invisible formatting, white space), corrupt sticky assignments, and keys JSON
// readers treat apart (`__proto__`, `constructor.prototype`).

const wrongValue = fc.oneof(
  fc.constantFrom(null, true, false, '', '1', 'ios', [], {}, [1], { a: 1 }),
  fc.constantFrom(0, -1, 1.5, -0.5, 1e21, 2_147_483_648, Number.MAX_SAFE_INTEGER),
  fc.string({ maxLength: 4 }),
);

/** Texts around every length bound, in UTF-16 code units and in code points. */
const oddText = fc.oneof(
  fc.string({ maxLength: 70, unit: 'binary' }),
  fc.string({ maxLength: 12, unit: 'grapheme' }),
  fc.integer({ min: 30, max: 34 }).map((count) => '😀'.repeat(count)),
  fc.integer({ min: 62, max: 66 }).map((count) => 'x'.repeat(count)),
  fc.integer({ min: 195, max: 205 }).map((count) => 't'.repeat(count)),
  fc.constantFrom(
    'p\ud800',
    '\udfff',
    '\udc00\ud800',
    'a\u0000b',
    'player\u202e1',
    'pla\u200byer',
    ' padded ',
    'tab\there',
    'nbsp\u00a0id',
    'nel\u0085id',
    '\u3000ideographic',
    'İOS',
    'ﬁ',
    'ß',
    'a/b',
    '__proto__',
    'constructor',
  ),
);

const userId = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 64 }), weight: 4 },
  { arbitrary: fc.constantFrom('p-1', 'p-2', 'player-42'), weight: 2 },
  { arbitrary: oddText, weight: 4 },
  { arbitrary: wrongValue, weight: 1 },
);

const rightContext = fc.record(
  {
    Platform: fc.oneof(fc.constantFrom('ios', 'android', ' IOS ', 'web'), oddText),
    ClientVersion: fc.constantFrom('1.0.0', '2.3.1', '10.0', 'x'),
    FirstCountry: fc.oneof(fc.constantFrom('US', 'de', 'FR'), oddText),
    Payer: fc.boolean(),
    PurchaseCount: fc.nat({ max: 2_147_483_647 }),
    PurchaseAmount: fc.double({ min: 0, max: 1e9, noNaN: true }),
  },
  { requiredKeys: [] },
);
const contextKey = fc.oneof(
  fc.constantFrom('Platform', 'ClientVersion', 'FirstCountry', 'Payer', 'PurchaseCount', 'PurchaseAmount'),
  fc.constantFrom('Level', 'platform', 'UserId', '__proto__'),
);
const context = fc.oneof(
  { arbitrary: rightContext, weight: 6 },
  { arbitrary: fc.dictionary(contextKey, fc.oneof(wrongValue, oddText), { maxKeys: 3 }), weight: 2 },
  { arbitrary: wrongValue, weight: 1 },
);

const caseIndex = fc.oneof(
  { arbitrary: fc.nat({ max: 3 }), weight: 6 },
  { arbitrary: fc.constantFrom(-1, 1.5, 1000, 1001, '1', null, true), weight: 2 },
);
const testId = fc.oneof(
  { arbitrary: fc.constantFrom('sdk-ios', 'sdk-all', 'gone-test'), weight: 6 },
  { arbitrary: oddText, weight: 2 },
);
const assignments = fc.oneof(
  { arbitrary: fc.dictionary(testId, caseIndex, { maxKeys: 3 }), weight: 6 },
  { arbitrary: wrongValue, weight: 1 },
);

/** The instant resolved for: the same on both sides (an absent `at` is each side's own clock). */
const atOf = (now: number) =>
  fc.oneof(
    { arbitrary: fc.constant(now), weight: 12 },
    { arbitrary: fc.constantFrom(Math.floor(now / 1000), now + 0.5, 946_684_799_999, '2024'), weight: 1 },
  );

export const resolveBodies = (now: number): fc.Arbitrary<unknown> => {
  const body = fc.record(
    {
      userId,
      context,
      level: fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 1000 }), weight: 4 },
        { arbitrary: fc.constantFrom(0, -1, 1.5, 1_000_000, 1_000_001, '5'), weight: 1 },
      ),
      at: atOf(now),
      assignments,
      explain: fc.oneof({ arbitrary: fc.boolean(), weight: 6 }, { arbitrary: wrongValue, weight: 1 }),
    },
    { requiredKeys: ['at'] },
  );
  // Now and then an unknown field, a key JSON readers refuse, or no object at all
  return fc.oneof(
    { arbitrary: body, weight: 20 },
    {
      arbitrary: fc
        .tuple(body, fc.constantFrom('explian', 'assignment', '__proto__', 'constructor'), wrongValue)
        .map(([fields, name, value]) => ({
          ...fields,
          [name]: name === 'constructor' ? { prototype: value } : value,
        })),
      weight: 2,
    },
    { arbitrary: wrongValue, weight: 1 },
  );
};

export interface LineProcess {
  /** Sends one line, answers the next line the process writes. */
  ask(line: string): Promise<unknown>;
  close(): Promise<void>;
}

/** `node <script>` in `directory`, spoken to in JSON lines. */
export function startLineProcess(directory: string, script: string): LineProcess {
  const { child } = spawnTestProcess(process.execPath, [script], {
    cwd: directory,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting: ((line: string) => void)[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stdout! }).on('line', (line) => waiting.shift()?.(line));
  return {
    ask(line) {
      return new Promise((resolve, reject) => {
        waiting.push((answer) => resolve(JSON.parse(answer)));
        child.stdin!.write(`${line}\n`, (error) => error && reject(error));
      });
    },
    async close() {
      child.stdin!.end();
      await exited;
    },
  };
}
