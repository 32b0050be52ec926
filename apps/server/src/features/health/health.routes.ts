import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['health'], summary: 'Process is up' } },
    async () => ({
      payload: { status: 'ok' },
    }),
  );

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { tags: ['health'], summary: 'Database is reachable' } },
    async (request, reply) => {
      try {
        await app.db.$queryRaw`SELECT 1`;
        return { payload: { status: 'ready' } };
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        return reply.code(503).send({ error: 'Database unreachable' });
      }
    },
  );
}
