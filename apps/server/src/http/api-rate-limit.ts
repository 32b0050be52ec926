import { DomainError, ErrorCode } from '@console/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.ts';

const WINDOW_MS = 60_000;

type Limit = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A global limit on the API per session and per client address (behind a trusted proxy, the client's),
 * besides the sign-in limit of its own route; 429 `{"error"}` with Retry-After. Checked first, before the
 * session or the environment is read, so a flood costs little. A call with the cookie of a session this
 * process knows (`Sessions.isKnown`, from memory) counts against that session's budget and its address's
 * budget of sessions; any other call (no cookie, a made-up, ended or not yet seen cookie) counts against
 * the address's anonymous budget alone, so a flood without a session cannot use up what the signed-in
 * operators at the same address (one office behind NAT) are served from. /runtime is not counted: game
 * servers and clients share addresses.
 */
export function registerApiRateLimit(app: FastifyInstance): void {
  const { perSession, perAddress, anonymousPerAddress } = app.settings.apiRateLimit;
  const limitOf = (max: number, keyOf: (request: FastifyRequest) => string): Limit | null =>
    max > 0 ? app.createRateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: keyOf }) : null;
  const session = limitOf(perSession, (request) => `session:${request.cookies[SESSION_COOKIE] ?? ''}`);
  const sessionsOfAddress = limitOf(perAddress, (request) => `address:${request.ip}`);
  const anonymous = limitOf(anonymousPerAddress, (request) => `anonymous:${request.ip}`);
  const known = [session, sessionsOfAddress].filter((limit) => limit !== null);
  const unknown = [anonymous].filter((limit) => limit !== null);
  if (known.length === 0 && unknown.length === 0) return;

  const isApi = (request: FastifyRequest) =>
    request.routeOptions.url?.startsWith('/api/') === true || request.url.startsWith('/api/');

  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request)) return;
    const limits = app.sessions.isKnown(request) ? known : unknown;
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
