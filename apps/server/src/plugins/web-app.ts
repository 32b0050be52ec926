import { notFound } from '@console/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app and answers unknown paths: JSON 404 under /api,
 * the app's index.html for other page loads (client-side routes), JSON 404 otherwise.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  if (distDir) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPageLoad = request.method === 'GET' && !path.startsWith('/api/') && distDir !== undefined;
    if (isPageLoad) return reply.type('text/html').sendFile('index.html');
    // The one error type: the error handler answers it 404 {error}.
    throw notFound(`Not found: ${request.method} ${path}`);
  });
}
