import { appendFileSync } from 'node:fs';
import { type AnyEndpoint, noBodySchema, noParamsSchema } from '@console/domain/api';
import { ALL_ENDPOINTS } from '@console/domain/endpoints';
import { RUNTIME_ENDPOINTS, RUNTIME_PATHS } from '@console/domain/runtime';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../helpers.ts';
import { deepAndHugeRequests } from './deep-and-huge.ts';
import { oversizedListBodies } from './oversized-lists.ts';
import { connectRequestArbitrary, type FuzzRequest, requestArbitrary } from './request-arbitrary.ts';

/**
 * Generated fuzzing of every declared call. From each route's own schemas, 25 (FUZZ_RUNS=<n> for more)
 * requests with hostile bodies, query strings and path params; no answer may be a 5xx, and every
 * answer that is not a success must be exactly {"error": string, "code": string}. Seeded: FUZZ_SEED=<n> replays a
 * run; a failure names the route, the request and the answer (FUZZ_REPORT=<file> appends them all).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
// 25 per route in `npm test` keeps CI within its budget as the declared calls grow (every call still meets
// every deep and huge value below); `npm run test:deep` digs deeper with FUZZ_RUNS=1000.
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);
const PARALLEL = 32;
const ADMIN = 'fuzz-admin@example.com';

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? '(none)' : String(request.body);
  const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body;
  const url = request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url;
  return `${request.method} ${url} [${request.contentType ?? 'no content-type'}] ${JSON.stringify(shown)}`;
}

/** Declared calls whose path the web app also serves as a page on GET. */
const WEB_PAGE_PATHS = new Set(['/logout']);

/** Declared calls answering a stream (`produces`), by path: a 200 of one of their types is their answer. */
const STREAMED_TYPES = new Map(
  ALL_ENDPOINTS.flatMap((endpoint) =>
    endpoint.produces ? [[endpoint.path, endpoint.produces] as const] : [],
  ),
);

/** Why an answer breaks the contract, or null when it keeps it. */
function findProblem(request: FuzzRequest, response: TestResponse): string | null {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  const streamedTypes = STREAMED_TYPES.get(request.url.split('?')[0] ?? '');
  const contentType = String(response.headers['content-type']);
  if (response.statusCode === 200 && streamedTypes?.some((type) => contentType.startsWith(type))) return null;
  // A GET of a declared path that is also a web page (GET /logout: the page that asks before signing
  // out) is answered by the web app when it is built (http/web-app.ts): a page, not an API answer.
  const isWebPage =
    request.method === 'GET' &&
    WEB_PAGE_PATHS.has(request.url.split('?')[0] ?? '') &&
    String(response.headers['content-type']).startsWith('text/html');
  if (response.statusCode === 200 && isWebPage) return null;
  // A redirect (the browser's GET /logout, Google sign-in) is an answer, not a refusal.
  if (response.statusCode >= 300 && response.statusCode < 400 && response.headers.location) return null;
  let answer: unknown;
  try {
    answer = JSON.parse(response.body);
  } catch {
    return `status ${response.statusCode}, not JSON`;
  }
  const isSuccess = response.statusCode >= 200 && response.statusCode < 300;
  if (isSuccess) {
    return answer !== null && typeof answer === 'object' && 'payload' in answer
      ? null
      : 'success without {payload}';
  }
  // `hint` (what to do next) may stand beside the error and its code (DomainError.hint).
  const { error, code, hint, ...rest } = (answer ?? {}) as {
    error?: unknown;
    code?: unknown;
    hint?: unknown;
  };
  const isError =
    answer !== null &&
    typeof answer === 'object' &&
    Object.keys(rest).length === 0 &&
    typeof error === 'string' &&
    typeof code === 'string' &&
    (hint === undefined || typeof hint === 'string');
  return isError ? null : `status ${response.statusCode}, not {"error": string, "code": string}`;
}

/**
 * Why the answer to a body with a list over its limit breaks the contract, or null: it is refused, 4xx
 * `{"error"}` (400 naming the first wrong field; 413 when it does not fit the body limit; 404 when the
 * environment a call's right is checked in is unknown, before the body is), never served.
 */
function findOversizedListProblem(request: FuzzRequest, response: TestResponse): string | null {
  const problem = findProblem(request, response);
  if (problem !== null) return problem;
  return response.statusCode >= 400 && response.statusCode < 500 ? null : `status ${response.statusCode}`;
}

/** A test's share of the declared calls: one feature's, or a part of a big feature's (at most GROUP_SIZE). */
export interface FuzzGroup {
  /** The tests' name for it: the feature, with `(n/count)` when the feature is split. */
  name: string;
  feature: string;
  /** Which part of its feature it is, from 0, and how many parts the feature has. */
  index: number;
  count: number;
  endpoints: AnyEndpoint[];
}

// Per feature, in groups of at most GROUP_SIZE calls, so a big feature (configurations: a family of
// calls per kind) is several tests, each well within its timeout on a busy machine.
const GROUP_SIZE = 8;

/** Every declared call, in groups; each test file fuzzes some of them (see describeApiFuzzing). */
export function fuzzGroups(): FuzzGroup[] {
  const byFeature = new Map<string, AnyEndpoint[]>();
  for (const endpoint of ALL_ENDPOINTS)
    byFeature.set(endpoint.feature, [...(byFeature.get(endpoint.feature) ?? []), endpoint]);
  const groups: FuzzGroup[] = [];
  for (const [feature, endpoints] of byFeature) {
    const count = Math.ceil(endpoints.length / GROUP_SIZE);
    for (let index = 0; index < count; index++) {
      const name = count === 1 ? feature : `${feature} (${index + 1}/${count})`;
      groups.push({
        name,
        feature,
        index,
        count,
        endpoints: endpoints.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE),
      });
    }
  }
  return groups;
}

/**
 * The fuzzing of the groups `select` picks (and of the /runtime routes when `withRuntimeRoutes`), on one
 * app of the file's own. The declared calls are shared among a few test files so that two workers
 * share the run; every call keeps its own seed, so what it is sent does not depend on the file.
 */
export function describeApiFuzzing(
  select: (group: FuzzGroup) => boolean,
  { withRuntimeRoutes }: { withRuntimeRoutes: boolean },
): void {
  describe('generated fuzzing of every declared call', () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      // Whatever the roles allow, an admin may call everything (ADMIN_EMAILS is ignored without roles).
      // The API's rate limit stays on (it is part of the path being fuzzed), above what the run sends.
      t = await createTestApp({
        ADMIN_EMAILS: ADMIN,
        API_RATE_LIMIT_PER_SESSION: '1000000',
        API_RATE_LIMIT_PER_ADDRESS: '1000000',
      });
      cookie = await t.login(ADMIN);
    });

    async function send(
      route: string,
      request: FuzzRequest,
      headers: Record<string, string>,
    ): Promise<string | null> {
      const response = await t.request({
        method: request.method,
        url: request.url,
        headers: {
          ...headers,
          ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
        },
        ...(request.body === undefined ? {} : { payload: request.body }),
      });
      const problem = findProblem(request, response);
      if (problem === null) return null;
      return `${route}: ${problem}\n  request: ${describeRequest(request)}\n  answer: ${response.body.slice(0, 300)}`;
    }

    /** Sends each route's generated requests in parallel batches; fails naming every broken answer. */
    async function fuzz(
      routes: { path: string; requests: fc.Arbitrary<FuzzRequest>; headers: () => Record<string, string> }[],
    ): Promise<void> {
      const failures: string[] = [];
      for (const route of routes) {
        // Each route has its own seed, so adding a route does not change what the others are sent.
        const requests = fc.sample(route.requests, {
          seed: SEED ^ hashOf(route.path),
          numRuns: RUNS_PER_ROUTE,
        });
        for (let start = 0; start < requests.length; start += PARALLEL) {
          const batch = requests.slice(start, start + PARALLEL);
          const headers = route.headers();
          const problems = await Promise.all(batch.map((request) => send(route.path, request, headers)));
          failures.push(...problems.filter((problem): problem is string => problem !== null));
        }
        // A route that ends sessions (sign out everywhere) must not turn the later routes into 401s.
        if ((await t.post('/api/auth/me', undefined, cookie)).statusCode === 401)
          cookie = await t.login(ADMIN);
      }
      if (process.env.FUZZ_REPORT)
        appendFileSync(process.env.FUZZ_REPORT, failures.map((f) => `${f}\n`).join(''));
      expect(
        failures.slice(0, 20),
        `${failures.length} failures (FUZZ_SEED=${SEED}); the first 20 are shown`,
      ).toEqual([]);
    }

    const groups = new Map(
      fuzzGroups()
        .filter(select)
        .map((group) => [group.name, group.endpoints]),
    );
    it.each([...groups.keys()])('%s: no 5xx, every refusal is {"error"}', { timeout: 120_000 }, (group) =>
      fuzz(
        (groups.get(group) ?? []).map((endpoint) => ({
          path: endpoint.path,
          requests: requestArbitrary(endpoint),
          // Ending the session would turn every later call into a 401: the logout call goes without it.
          headers: (): Record<string, string> => (endpoint.path === '/logout' ? {} : { cookie }),
        })),
      ),
    );

    if (withRuntimeRoutes)
      it('game clients\' and servers\' /runtime routes: no 5xx, every refusal is {"error"}', {
        timeout: 120_000,
      }, async () => {
        const created = await t.post('/api/runtime-keys/create?configuration=dev', { name: 'fuzz' }, cookie);
        const { key } = created.json().payload as { key: string };
        const bearer = { authorization: `Bearer ${key}` };
        // Every declared runtime call (the table the server checks its routes against), so a new one is
        // fuzzed without being listed here. The event stream (GET /runtime/v1/stream) never ends, so it is
        // not sent here.
        const runtimeRoutes = RUNTIME_ENDPOINTS.filter(
          (endpoint) => endpoint.path !== RUNTIME_PATHS.stream,
        ).map((endpoint) => ({ path: endpoint.path, body: endpoint.body ?? noBodySchema }));
        await fuzz([
          { path: '/runtime/connect', requests: connectRequestArbitrary(key), headers: () => ({}) },
          ...runtimeRoutes.map((route) => ({
            path: route.path,
            requests: requestArbitrary({ ...route, params: noParamsSchema }).filter(
              (request) => !(request.method === 'GET' && request.url.startsWith(RUNTIME_PATHS.stream)),
            ),
            headers: () => bearer,
          })),
        ]);
        const failures: string[] = [];
        for (const route of runtimeRoutes) {
          for (const request of oversizedListBodies(route.body, SEED ^ hashOf(`lists:${route.path}`))) {
            const response = await t.request({
              method: 'POST',
              url: route.path,
              headers: { ...bearer, 'content-type': 'application/json' },
              payload: request.body,
            });
            const problem = findOversizedListProblem(
              { method: 'POST', url: route.path, contentType: 'application/json', body: request.body },
              response,
            );
            if (problem !== null) failures.push(`${route.path} with ${request.what}: ${problem}`);
          }
        }
        expect(failures.slice(0, 20), `${failures.length} failures (FUZZ_SEED=${SEED})`).toEqual([]);
      });

    // Deep and huge values in every field of every call's body: none may answer 5xx, and a refusal names
    // the field without echoing the value (its message stays short whatever was sent). Then lists over
    // their limit at every list field.
    const REFUSAL_MAX_LENGTH = 500;
    it.each([...groups.keys()])(
      '%s: deep and huge values answer no 5xx and short refusals',
      { timeout: 240_000 },
      async (group) => {
        const failures: string[] = [];
        for (const endpoint of groups.get(group) ?? []) {
          // Every value once, each at a field of its own pick.
          const requests = deepAndHugeRequests(endpoint, SEED ^ hashOf(`deep:${endpoint.path}`));
          for (let start = 0; start < requests.length; start += 4) {
            const batch = requests.slice(start, start + 4);
            const answers = await Promise.all(
              batch.map((request) =>
                t.request({
                  method: request.method,
                  url: request.url,
                  headers: { cookie, 'content-type': 'application/json' },
                  payload: request.body,
                }),
              ),
            );
            for (const [index, response] of answers.entries()) {
              const request = batch[index]!;
              const problem = findProblem(request, response);
              const error = response.statusCode >= 400 ? String(response.json().error ?? '') : '';
              const isLong = error.length > REFUSAL_MAX_LENGTH;
              if (problem !== null || isLong) {
                failures.push(
                  `${endpoint.path} with ${request.what}: ${problem ?? `a refusal of ${error.length} characters`}\n  answer: ${response.body.slice(0, 300)}`,
                );
              }
            }
          }
          // Lists over their limit at every list field: refused at once, naming the field.
          const lists = oversizedListBodies(endpoint.body, SEED ^ hashOf(`lists:${endpoint.path}`));
          const url = `${endpoint.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, 'x')}?configuration=dev`;
          for (let start = 0; start < lists.length; start += 4) {
            const batch = lists.slice(start, start + 4);
            const answers = await Promise.all(
              batch.map((request) =>
                t.request({
                  method: 'POST',
                  url,
                  headers: { cookie, 'content-type': 'application/json' },
                  payload: request.body,
                }),
              ),
            );
            for (const [index, response] of answers.entries()) {
              const problem = findOversizedListProblem(
                { method: 'POST', url, contentType: 'application/json', body: batch[index]!.body },
                response,
              );
              if (problem !== null) failures.push(`${endpoint.path} with ${batch[index]!.what}: ${problem}`);
            }
          }
          if ((await t.post('/api/auth/me', undefined, cookie)).statusCode === 401)
            cookie = await t.login(ADMIN);
        }
        expect(failures.slice(0, 20), `${failures.length} failures (FUZZ_SEED=${SEED})`).toEqual([]);
      },
    );

    it('leaves no polluted prototype behind', () => {
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
}
