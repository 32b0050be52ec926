import fc from 'fast-check';
import type { FuzzedRoute, FuzzRequest } from './request-arbitrary.ts';
import { jsonSchemaOf, valueArbitrary } from './schema-arbitrary.ts';

/**
 * Values of any nesting depth and size a JSON body up to the body limit (1 MB by default) can carry,
 * as JSON text: JavaScript cannot serialise the deepest of them (JSON.stringify overflows its stack
 * past a few thousand levels), so they are written out as text and put in place of one field.
 */
export const DEEP_AND_HUGE_VALUES: readonly { name: string; json: string }[] = [
  { name: 'a list 10,000 levels deep', json: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
  { name: 'an object 10,000 levels deep', json: `${'{"a":'.repeat(10_000)}"x"${'}'.repeat(10_000)}` },
  { name: 'a list 200,000 levels deep', json: `${'['.repeat(200_000)}${']'.repeat(200_000)}` },
  {
    name: 'a text deep inside lists and objects',
    json: `${'[{"id":'.repeat(5_000)}"${'x'.repeat(1_000)}"${'}]'.repeat(5_000)}`,
  },
  { name: 'a text of 100,000 characters', json: JSON.stringify('x'.repeat(100_000)) },
  { name: 'a text of 900,000 characters', json: JSON.stringify('y'.repeat(900_000)) },
  { name: 'a text of 100,000 right-to-left overrides', json: JSON.stringify('\u202e'.repeat(100_000)) },
  { name: 'a list of 100,000 numbers', json: `[${Array.from({ length: 100_000 }, (_, i) => i).join(',')}]` },
  {
    name: 'an object of 30,000 keys',
    json: `{${Array.from({ length: 30_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  },
];

const PLACEHOLDER = '\u0001deep-and-huge\u0001';

/** Every place in a well-formed value a field may be replaced: the paths to its nodes, root included. */
function pathsOf(value: unknown, path: (string | number)[] = [], into: (string | number)[][] = []) {
  into.push(path);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) pathsOf(item, [...path, index], into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) pathsOf(inner, [...path, key], into);
  }
  return into;
}

function replaced(value: unknown, path: readonly (string | number)[]): unknown {
  if (path.length === 0) return PLACEHOLDER;
  const [step, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[step!] = replaced(copy[step!], rest);
  return copy;
}

/**
 * Requests to one declared call whose body is well formed but for one field (or the whole body), one
 * request for each of DEEP_AND_HUGE_VALUES, each at a field picked from `seed`: the field's schema, the
 * rules and the error messages behind it all meet every one of them.
 */
export function deepAndHugeRequests(endpoint: FuzzedRoute, seed: number): (FuzzRequest & { what: string })[] {
  const placements = fc.sample(fc.tuple(valueArbitrary(jsonSchemaOf(endpoint.body), 0), fc.nat()), {
    seed,
    numRuns: DEEP_AND_HUGE_VALUES.length,
  });
  return DEEP_AND_HUGE_VALUES.map((big, index) => {
    const [wellFormed, pick] = placements[index]!;
    const paths = pathsOf(wellFormed);
    const path = paths[pick % paths.length]!;
    const text = JSON.stringify(replaced(wellFormed, path)) ?? JSON.stringify(PLACEHOLDER);
    return {
      method: 'POST' as const,
      url: `${endpoint.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, 'x')}?configuration=dev`,
      contentType: 'application/json',
      body: text.replace(JSON.stringify(PLACEHOLDER), big.json),
      what: `${big.name} at ${path.length ? path.join('.') : 'the body'}`,
    };
  });
}
