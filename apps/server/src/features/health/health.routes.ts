import { DomainError, ErrorCode } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { checkDatabase } from './health.store.ts';

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
    async (request) => {
      try {
        await checkDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        throw new DomainError(ErrorCode.Unavailable, 'Database unreachable');
      }
      return { payload: { status: 'ready' } };
    },
  );
}
