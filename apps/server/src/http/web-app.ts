import { notFound } from '@console/domain/errors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Paths of programs (the API, sign-in calls, game clients and servers), never pages: an unknown one is a
// JSON 404 for every method, so a client gets an answer it can read rather than the web app's page.
const NON_PAGE_PREFIXES = ['/api', '/runtime', '/oauth', '/docs'];

function isNonPagePath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not decodable: compared as it is.
  }
  return NON_PAGE_PREFIXES.some((prefix) => decoded === prefix || decoded.startsWith(`${prefix}/`));
}

/**
 * Serves the built web app and answers unknown paths: JSON 404 under /api, /runtime, /oauth and /docs
 * and for every method but GET, the app's index.html for other page loads (client-side routes).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  if (distDir) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPageLoad = request.method === 'GET' && !isNonPagePath(path) && distDir !== undefined;
    if (isPageLoad) return reply.type('text/html').sendFile('index.html');
    // The one error type: the error handler answers it 404 {error}.
    throw notFound(`Not found: ${request.method} ${path}`);
  });
}
