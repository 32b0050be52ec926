import { DomainError, ErrorCode } from '@console/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The paths a browser calls with the session cookie: the API and the sign-in calls. The game clients'
 * and game servers' /runtime routes are left out: they carry a runtime key in a header (or the socket's
 * URL), never a cookie, so a page on another site has nothing of the console's to send.
 */
function isCookieAuthenticated(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/oauth/') || path === '/logout';
}

/** The request's path, decoded the way the router decodes it, so `/%61pi/...` is `/api/...`. */
function decodedPath(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Defence in depth beside SameSite=Lax cookies and JSON-only bodies: a mutating call
 * whose Origin names another site, or that the browser says is cross-site (Sec-Fetch-Site), is refused
 * 403 before anything else. Same-origin is the request's own host (what the browser put in the URL),
 * or PUBLIC_URL's, or one of ALLOWED_ORIGINS. Calls without either header (curl, scripts, game
 * servers) are not browsers' and pass.
 */
export function registerCrossSiteGuard(app: FastifyInstance): void {
  const { publicUrl, allowedOrigins } = app.config;
  const allowed = new Set([new URL(publicUrl).origin, ...allowedOrigins]);

  const refusal = (request: FastifyRequest): string | null => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (allowed.has(origin)) return null;
      if (!URL.canParse(origin)) return `origin ${origin}`;
      // The request's own host, read with the origin's scheme so default ports compare equal (:80, :443).
      const { protocol, host } = new URL(origin);
      const ownHost = URL.canParse(`${protocol}//${request.host}`)
        ? new URL(`${protocol}//${request.host}`).host
        : '';
      return host === ownHost ? null : `origin ${origin}`;
    }
    return request.headers['sec-fetch-site'] === 'cross-site' ? 'a cross-site page' : null;
  };

  app.addHook('onRequest', (request, _reply, done) => {
    if (!MUTATING_METHODS.has(request.method) || !isCookieAuthenticated(decodedPath(request))) {
      done();
      return;
    }
    const from = refusal(request);
    if (from === null) done();
    else done(new DomainError(ErrorCode.Forbidden, `Cross-site request refused: sent from ${from}`));
  });
}
