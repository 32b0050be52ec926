import { DomainError, ErrorCode } from '@console/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.ts';

const WINDOW_MS = 60_000;

/**
 * A global limit on the API per session and per client address (behind a trusted
 * proxy, the client's), besides the sign-in limit of its own route; 429 `{"error"}` with Retry-After.
 * Checked first, before the session or the environment is looked at, so a flood costs little. The
 * session's bucket is keyed by the cookie as sent: forged cookies only make new buckets, which the
 * address's bucket still caps. /runtime is not counted: game servers and clients share addresses.
 */
export function registerApiRateLimit(app: FastifyInstance): void {
  const { perSession, perAddress } = app.config.apiRateLimit;
  const limits = [
    perSession > 0 &&
      app.createRateLimit({
        max: perSession,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `session:${request.cookies[SESSION_COOKIE] ?? ''}`,
        allowList: (request) => request.cookies[SESSION_COOKIE] === undefined,
      }),
    perAddress > 0 &&
      app.createRateLimit({
        max: perAddress,
        timeWindow: WINDOW_MS,
        keyGenerator: (request) => `address:${request.ip}`,
      }),
  ].filter((limit) => limit !== false);
  if (limits.length === 0) return;

  const isApi = (request: FastifyRequest) =>
    request.routeOptions.url?.startsWith('/api/') === true || request.url.startsWith('/api/');

  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request)) return;
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new DomainError(
          ErrorCode.TooManyRequests,
          `Too many requests; try again in ${result.ttlInSeconds} seconds`,
        );
      }
    }
  });
}
