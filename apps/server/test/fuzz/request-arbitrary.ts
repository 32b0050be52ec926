import { type AnyEndpoint, pathParamNames } from '@console/domain/api';
import fc from 'fast-check';
import { encodeLoosely, hostileUrlPart, hostileValue, LONG_TEXTS } from './hostile-values.ts';
import { type JsonSchema, jsonSchemaOf, valueArbitrary } from './schema-arbitrary.ts';

/** One generated request, as sent and as shown when it fails. */
export interface FuzzRequest {
  method: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  contentType: string | undefined;
  body: string | Buffer | undefined;
}

/** What a route's requests are generated from: its path and its zod schemas. */
export type FuzzedRoute = Pick<AnyEndpoint, 'path' | 'body' | 'params'>;

// How often a node of a body is swapped for a hostile value.
const HOSTILITY = 0.15;

const methodArbitrary = fc.oneof(
  { arbitrary: fc.constant('POST' as const), weight: 12 },
  { arbitrary: fc.constant('GET' as const), weight: 1 },
  fc.constantFrom('PUT' as const, 'PATCH' as const, 'DELETE' as const, 'OPTIONS' as const),
);

const contentTypeArbitrary = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  fc.constantFrom(
    undefined,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    'application/JSON',
    'application/vnd.api+json',
    'application/json, text/plain',
  ),
);

const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant('?configuration=dev'), weight: 6 },
  fc.constantFrom(
    '',
    '?configuration=prod',
    '?configuration=',
    '?configuration=dev&configuration=prod',
    '?configuration[]=dev',
    '?configuration[__proto__]=dev',
    '?configuration=dev&__proto__=x&constructor[prototype][polluted]=yes',
    '?configuration=dev&',
    '?&&&=',
  ),
  hostileUrlPart.map((part) => `?configuration=${part}`),
  hostileUrlPart.map((part) => `?configuration=dev&${part}=${part}`),
);

const DEEP_ARRAY = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** Text that is not the JSON it claims to be, or JSON no schema expects. */
function corruptedBodies(wellFormed: fc.Arbitrary<string>): fc.Arbitrary<string | Buffer> {
  const corrupted = fc.oneof(
    fc.tuple(wellFormed, fc.nat()).map(([json, at]) => json.slice(0, at % (json.length + 1))),
    wellFormed.map((json) => json.replace(/^\{/, '{"__proto__":{"polluted":"yes"},')),
    wellFormed.map((json) => json.replace(/^\{/, '{"constructor":{"prototype":{"polluted":"yes"}},')),
    wellFormed.map((json) => json.replace(/:\s*-?\d+(\.\d+)?/, ':1e999')),
    fc
      .tuple(wellFormed, fc.constantFrom(...LONG_TEXTS))
      .map(([json, long]) => json.replace(/:"[^"]*"/, `:"${long}"`)),
    wellFormed.map((json) => json.replace(/:"/, ':"\u0000')),
    wellFormed.map((json) =>
      Buffer.concat([Buffer.from(json.slice(0, 2)), Buffer.from([0xff, 0xfe]), Buffer.from(json.slice(2))]),
    ),
    wellFormed.map((json) => `\ufeff${json}`),
    wellFormed.map((json) => `${json}${json}`),
    fc.constantFrom(
      '',
      ' ',
      'null',
      '"',
      '[',
      '{',
      '{"a":',
      'undefined',
      'NaN',
      '\u0000',
      '[]'.repeat(2_000),
    ),
  );
  // Deeper than any recursive walk over a parsed body survives; rare, as they are long (a few per family).
  const deep = fc.oneof(
    fc.constant(DEEP_ARRAY),
    wellFormed.map((json) => json.replace(/^\{/, `{"deep":${DEEP_OBJECT},`)),
  );
  return fc.oneof({ arbitrary: corrupted, weight: 30 }, { arbitrary: deep, weight: 1 });
}

function bodyArbitrary(schema: JsonSchema): fc.Arbitrary<string | Buffer | undefined> {
  const shaped = valueArbitrary(schema, HOSTILITY).map((value) => JSON.stringify(value) ?? '');
  const wellFormed = valueArbitrary(schema, 0).map((value) => JSON.stringify(value) ?? '{}');
  return fc.oneof(
    { arbitrary: shaped, weight: 10 },
    { arbitrary: wellFormed, weight: 2 },
    { arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? ''), weight: 2 },
    { arbitrary: corruptedBodies(wellFormed), weight: 3 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

function pathArbitrary(endpoint: FuzzedRoute): fc.Arbitrary<string> {
  const names = pathParamNames(endpoint.path);
  if (names.length === 0) return fc.constant(endpoint.path);
  const properties = jsonSchemaOf(endpoint.params).properties ?? {};
  const segments = names.map((name) =>
    fc.oneof(
      {
        arbitrary: valueArbitrary(properties[name] ?? {}, 0).map((value) => encodeLoosely(String(value))),
        weight: 3,
      },
      {
        arbitrary: valueArbitrary(properties[name] ?? {}, 0.5).map((value) => encodeLoosely(String(value))),
        weight: 2,
      },
      { arbitrary: hostileUrlPart, weight: 2 },
    ),
  );
  return fc.tuple(...segments).map((values) => {
    let index = 0;
    return endpoint.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, () => values[index++] ?? '');
  });
}

/** Requests to one declared call: mostly well shaped with hostile parts, some plainly wrong. */
export function requestArbitrary(endpoint: FuzzedRoute): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: methodArbitrary,
      path: pathArbitrary(endpoint),
      query: queryArbitrary,
      contentType: contentTypeArbitrary,
      body: bodyArbitrary(jsonSchemaOf(endpoint.body)),
    })
    .map(({ method, path, query, contentType, body }) => ({
      method,
      url: `${path}${query}`,
      contentType: body === undefined ? undefined : contentType,
      body,
    }));
}

/**
 * A game client's socket request (`GET /runtime/connect`, without the upgrade: the refusals come
 * before it): hostile principals, environments and keys in the query.
 */
export function connectRequestArbitrary(key: string): fc.Arbitrary<FuzzRequest> {
  const principal = fc.oneof(
    { arbitrary: fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' }).map(encodeLoosely), weight: 2 },
    { arbitrary: hostileUrlPart, weight: 3 },
  );
  const part = (name: string, value: fc.Arbitrary<string>) =>
    fc.oneof(
      fc.constant(''),
      value.map((text) => `&${name}=${text}`),
    );
  return fc
    .tuple(
      part('principal', principal),
      part('configuration', fc.oneof(fc.constant('dev'), hostileUrlPart)),
      part('key', fc.oneof(fc.constant(key), hostileUrlPart)),
      fc.constantFrom('', '&principal=again', '&__proto__=x'),
    )
    .map((parts) => ({
      method: 'GET' as const,
      url: `/runtime/connect?${parts.join('').slice(1)}`,
      contentType: undefined,
      body: undefined,
    }));
}
