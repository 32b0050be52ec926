import { quoteInput } from '@console/domain/api';
import { DomainError, ErrorCode } from '@console/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppSettings } from '../settings.ts';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Probes and scrapers address a process by whatever name reaches it (a pod's IP): not checked. */
const UNCHECKED_HOST_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Game servers and game clients reach the runtime API by whatever name their network gives the console
 * (a service name inside the cluster, a replica's address), and authenticate with a runtime key, never a
 * cookie: a page reaching the console under another name has nothing of an operator's to ride on.
 */
const isRuntimePath = (path: string) => path === '/runtime' || path.startsWith('/runtime/');

/** A header's value as a refusal quotes it: never more than a line. */
const cut = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);

/** Names that always mean this machine: a page of another site can never make a browser send them. */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

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

/** `host[:port]` as a URL of `protocol` would write it (default ports dropped), or null when it is none. */
function normalisedHost(protocol: string, host: string): string | null {
  const url = `${protocol}//${host}`;
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.username || parsed.password || parsed.pathname !== '/' ? null : parsed.host;
}

/**
 * Whether a request is addressed to this console. With PUBLIC_URL set: its host exactly (a DNS-rebinding
 * page reaches the console under the attacker's name, which is what its browser sends as Host). Without
 * it, the console is a local one: only loopback names.
 */
function hostCheckOf(settings: Pick<AppSettings, 'publicUrl' | 'isPublicUrlSet'>) {
  const own = new URL(settings.publicUrl);
  return (host: string): boolean => {
    const given = normalisedHost(own.protocol, host);
    if (given === null) return false;
    if (settings.isPublicUrlSet) return given === own.host;
    return LOOPBACK_HOSTNAMES.has(new URL(`${own.protocol}//${given}`).hostname);
  };
}

/**
 * The console knows its own origin; defence in depth beside SameSite=Lax cookies and JSON-only bodies.
 * - Host: every request of the console (API, sign-in, pages, docs; not the health probes nor the
 *   key-authenticated runtime API) must be
 *   addressed to PUBLIC_URL's host (without PUBLIC_URL: a loopback name), else 403 before anything else.
 * - Origin: a mutating call whose Origin is not PUBLIC_URL's origin, scheme and port included, nor one of
 *   ALLOWED_ORIGINS, or that the browser says is cross-site (Sec-Fetch-Site), is refused 403. Without
 *   PUBLIC_URL the request's own scheme and (loopback) host stand for it. Calls without either header (curl,
 *   scripts, game servers) are not browsers' and pass.
 */
export function registerCrossSiteGuard(app: FastifyInstance): void {
  const { publicUrl, allowedOrigins, isPublicUrlSet } = app.settings;
  const allowed = new Set([new URL(publicUrl).origin, ...allowedOrigins]);
  const isOwnHost = hostCheckOf(app.settings);

  const originRefusal = (request: FastifyRequest): string | null => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (allowed.has(origin)) return null;
      if (isPublicUrlSet || !URL.canParse(origin)) return `origin ${cut(origin)}`;
      // A local console: the request's own scheme and host (read with that scheme, so default ports
      // compare equal); a page of the other scheme is another origin.
      const { protocol, host } = new URL(origin);
      const isOwn = protocol === `${request.protocol}:` && host === normalisedHost(protocol, request.host);
      return isOwn ? null : `origin ${cut(origin)}`;
    }
    return request.headers['sec-fetch-site'] === 'cross-site' ? 'a cross-site page' : null;
  };

  app.addHook('onRequest', (request, _reply, done) => {
    const path = decodedPath(request);
    if (!UNCHECKED_HOST_PATHS.has(path) && !isRuntimePath(path) && !isOwnHost(request.host)) {
      const expected = isPublicUrlSet ? publicUrl : 'a loopback address; set PUBLIC_URL to serve others';
      done(
        new DomainError(
          ErrorCode.Forbidden,
          `Request refused: addressed to ${quoteInput(request.host)}, not to this console (${expected})`,
        ),
      );
      return;
    }
    if (!MUTATING_METHODS.has(request.method) || !isCookieAuthenticated(path)) {
      done();
      return;
    }
    const from = originRefusal(request);
    if (from === null) done();
    else done(new DomainError(ErrorCode.Forbidden, `Cross-site request refused: sent from ${from}`));
  });
}
