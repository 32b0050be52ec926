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

/** The headers of every answer, whatever its protocol. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(HELMET_HEADERS).filter(([name]) => name !== HSTS_HEADER)),
);

/** HSTS means something only over https, and over plain http it would be a lie: https only. */
const HSTS_VALUE = HELMET_HEADERS[HSTS_HEADER] ?? 'max-age=31536000; includeSubDomains';

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
 * The browser security headers of an answer: HSTS when the request came over https (directly, or by a
 * trusted proxy's X-Forwarded-Proto: Fastify's request.protocol).
 */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
  if (request.protocol === 'https') reply.header(HSTS_HEADER, HSTS_VALUE);
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
