import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
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
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  headersSetBy(helmet({ contentSecurityPolicy: CONTENT_SECURITY_POLICY })),
);

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

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
