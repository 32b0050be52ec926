import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/** This console's content security policy; helmet adds its defaults (base-uri, object-src, ...). */
const CONTENT_SECURITY_POLICY = {
  directives: {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
  },
};

/**
 * The browser security headers of every answer, computed once by helmet at start-up. @fastify/helmet
 * runs helmet's middleware (and parses the CSP) on every request: about a seventh of the cost of a
 * small API call (npm run bench). Routes that need another policy (swagger-ui's staticCSP under
 * /docs) set theirs later, over these.
 */
const HELMET_HEADERS = headersSetBy(helmet({ contentSecurityPolicy: CONTENT_SECURITY_POLICY }));
const HSTS_HEADER = 'strict-transport-security';
/**
 * Over plain http, `upgrade-insecure-requests` would make the browser fetch the page's own scripts and
 * calls over an https the console does not serve (a console reached at http://<address>:3000 would load
 * nothing): helmet's policy without it.
 */
const HELMET_HEADERS_OVER_HTTP = headersSetBy(
  helmet({
    contentSecurityPolicy: {
      directives: { ...CONTENT_SECURITY_POLICY.directives, 'upgrade-insecure-requests': null },
    },
  }),
);

const withoutHsts = (headers: Record<string, string>): Readonly<Record<string, string>> =>
  Object.freeze(Object.fromEntries(Object.entries(headers).filter(([name]) => name !== HSTS_HEADER)));

/** The headers of every answer over plain http (and of answers written before the protocol is known). */
export const SECURITY_HEADERS = withoutHsts(HELMET_HEADERS_OVER_HTTP);

/**
 * The headers of every answer over https, with HSTS, which means something only there (over plain http
 * it would be a lie).
 */
export const SECURITY_HEADERS_OVER_HTTPS: Readonly<Record<string, string>> = Object.freeze({
  ...withoutHsts(HELMET_HEADERS),
  [HSTS_HEADER]: HELMET_HEADERS[HSTS_HEADER] ?? 'max-age=31536000; includeSubDomains',
});

/** MIME sniffing off on every answer of the process, the game servers' API and /metrics included. */
export function registerContentTypeOptions(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
}

/** Runs a helmet middleware once against a recording response and returns what it set. */
function headersSetBy(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The browser security headers of an answer: HSTS and `upgrade-insecure-requests` when the request came
 * over https (directly, or by a trusted proxy's X-Forwarded-Proto: Fastify's request.protocol).
 */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(request.protocol === 'https' ? SECURITY_HEADERS_OVER_HTTPS : SECURITY_HEADERS);
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    done();
  });
  // Answers are not cached (the API's carry tokens and keys, e.g. /api/nice/get) unless a route says
  // otherwise: static files and a route that sets its own caching (ETags) keep their Cache-Control.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
