import { RUNTIME_API_PREFIX, type RuntimeEndpoint } from '@console/domain/runtime';

/**
 * The game servers' half of the contract: every declared runtime call is registered with its
 * method, and every route registered under /runtime/v1 is declared (HEAD, which Fastify adds beside a
 * GET, aside). The operator table (findContractMismatches) keeps checking /api alone: runtime calls are
 * not operator calls (GETs too, no session, no `?configuration=` scope of their own).
 */
export function findRuntimeContractMismatches(
  declared: readonly RuntimeEndpoint[],
  registered: readonly { method: string; url: string }[],
): string[] {
  const routeOf = (method: string, url: string) => `${method} ${url}`;
  const declaredRoutes = new Set(declared.map((endpoint) => routeOf(endpoint.method, endpoint.path)));
  const registeredRuntime = registered.filter(
    (route) => route.url.startsWith(`${RUNTIME_API_PREFIX}/`) && route.method !== 'HEAD',
  );
  const registeredRoutes = new Set(registeredRuntime.map((route) => routeOf(route.method, route.url)));
  return [
    ...declared
      .filter((endpoint) => !registeredRoutes.has(routeOf(endpoint.method, endpoint.path)))
      .map((endpoint) => `not registered: ${routeOf(endpoint.method, endpoint.path)}`),
    ...registeredRuntime
      .filter((route) => !declaredRoutes.has(routeOf(route.method, route.url)))
      .map((route) => `not declared: ${routeOf(route.method, route.url)}`),
  ];
}
