import type { FastifyReply, FastifyRequest } from 'fastify';
import { openApiPath } from '../http/openapi.ts';

// Every status the server's tests see a route answer must be declared for it in the OpenAPI document:
// the test apps (buildTestApp) record each answer's route and status here, and after each test file
// (close-after-file.ts) the statuses that file observed are compared with the document's. Routes the
// document does not list (hidden ones, a test's own routes) and requests no route took (404s of unknown
// paths, refusals before routing) are not checked, nor HEAD answers (the GET's are).

type DeclaredStatuses = Map<string, ReadonlySet<string>>;
type Document = { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

/** `post /api/abtest/save`: the document's method and path. */
const operationKey = (method: string, path: string) => `${method.toLowerCase()} ${path}`;

/** The statuses each operation of the document declares. The same for every test app, so read once. */
let declared: DeclaredStatuses | undefined;
/** Per operation checked: the statuses observed that it does not declare (empty when all are). */
const observed = new Map<string, Set<string>>();

export function declaredStatusesOf(document: Document): DeclaredStatuses {
  const statuses: DeclaredStatuses = new Map();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      statuses.set(operationKey(method, path), new Set(Object.keys(operation.responses ?? {})));
    }
  }
  return statuses;
}

/** The test apps' onResponse hook (BuildAppOptions.onResponse). */
export function observeStatus(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const route = request.routeOptions.url;
  if (route !== undefined && request.method !== 'HEAD') {
    declared ??= declaredStatusesOf(request.server.swagger() as Document);
    const key = operationKey(request.method, openApiPath(route));
    const statuses = declared.get(key);
    if (statuses) {
      const undeclared = observed.get(key) ?? new Set<string>();
      if (!statuses.has(String(reply.statusCode))) undeclared.add(String(reply.statusCode));
      observed.set(key, undeclared);
    }
  }
  done();
}

/** The operations observed since the last call, with the statuses each answered but does not declare. */
export function takeObservedStatuses(): Map<string, Set<string>> {
  const taken = new Map(observed);
  observed.clear();
  return taken;
}

/** Lines naming each status observed for an operation that its declaration lacks. */
export function describeUndeclared(taken: Map<string, Set<string>>): string[] {
  return [...taken].flatMap(([key, statuses]) =>
    [...statuses].map((status) => `${key} answered ${status}, which its OpenAPI declaration lacks`),
  );
}

/** The operations observed so far in this file (for a test that calls every route to check it did). */
export const observedOperations = (): string[] => [...observed.keys()];
