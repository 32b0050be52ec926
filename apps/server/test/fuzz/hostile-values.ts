import fc from 'fast-check';

/**
 * What an attacker or a careless client sends: text PostgreSQL cannot store (NUL, lone
 * UTF-16 surrogates), encodings that are not text, very long text, names of built-in properties,
 * and the usual injection shapes. Each is a value a JSON body can carry.
 */
export const HOSTILE_TEXTS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00y',
  '\ud83d',
  '\ufffe\uffff',
  '\ufeff',
  '\u202e',
  '\r\n',
  '',
  '   ',
  '%FF',
  '%00',
  '%',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE audit_entry; --',
  '<script>alert(1)</script>',
  '#{7*7} {{7*7}}',
  'NaN',
  '-0',
  '1e999',
  'null',
  '😀'.repeat(50),
];

/**
 * Longer than any limit of the API (the body limit aside). Put in at most one place of a request
 * (request-arbitrary.ts), as they make requests costly.
 */
export const LONG_TEXTS: readonly string[] = ['x'.repeat(5_000), 'y'.repeat(20_000)];

export const hostileText = fc.constantFrom(...HOSTILE_TEXTS);

/** Numbers at the edges of what JSON, JavaScript and PostgreSQL's int4/int8/float8 hold. */
export const hostileNumbers = fc.constantFrom(
  -0,
  0.5,
  -1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  -(2 ** 64),
  1e308,
  -1e308,
  5e-324,
  Number.MAX_VALUE,
);

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = wrap(value);
  return value;
}

function objectWithOwnKey(key: string, value: unknown): Record<string, unknown> {
  // A computed key makes an own property even for __proto__, so JSON.stringify writes it.
  return { [key]: value };
}

/** Values of every other kind, for a node of any type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumbers,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    [],
    {},
    [null],
    [[[[]]]],
    { length: 1_000_000 },
    nested(1_000, (inner) => [inner]),
    nested(1_000, (inner) => ({ a: inner })),
    Array.from({ length: 2_000 }, (_, index) => index),
    Object.fromEntries(Array.from({ length: 1_000 }, (_, index) => [`k${index}`, index])),
    objectWithOwnKey('__proto__', { polluted: 'yes' }),
    objectWithOwnKey('constructor', { prototype: { polluted: 'yes' } }),
    objectWithOwnKey('prototype', { polluted: 'yes' }),
  ),
);

/** A well-formed text with a hostile text before, inside or after it, or instead of it. */
export function withHostileText(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    hostileText,
    fc.tuple(text, hostileText, fc.nat()).map(([base, hostile, at]) => {
      const cut = base.length === 0 ? 0 : at % (base.length + 1);
      return base.slice(0, cut) + hostile + base.slice(cut);
    }),
  );
}

/**
 * Raw path segments and query values: what a URL can carry that no JSON can (bad percent-encoding,
 * UTF-8 of a lone surrogate, encoded NUL and slash), besides every hostile text, encoded.
 */
export const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '%FF',
      '%',
      '%0',
      '%zz',
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%C0%AF',
      '%2F',
      '..',
      '%2E%2E',
      '__proto__',
      'constructor',
    ),
    weight: 10,
  },
  { arbitrary: fc.constantFrom(...HOSTILE_TEXTS).map(encodeLoosely), weight: 10 },
  // Longer than a path param or a URL may be (find-my-way's maxParamLength, Node's header limit).
  { arbitrary: fc.constantFrom('x'.repeat(5_000), 'x'.repeat(20_000)), weight: 1 },
);

/** encodeURIComponent, but a lone surrogate becomes the (invalid) UTF-8 bytes of it instead of throwing. */
export function encodeLoosely(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      }
      return encodeURIComponent(char);
    })
    .join('');
}
