import { DomainError, ErrorCode } from '@console/domain/errors';
import type { FastifyInstance } from 'fastify';
import { createDatabaseWatch } from './database-watch.ts';

/** How often the embedded database is asked whether it answers, for liveness. */
const EMBEDDED_PROBE_EVERY_MS = 5_000;

/**
 * /readyz: whether the database answers now (a load balancer sends traffic elsewhere while it does not);
 * answered within the database's connect limit plus a second, also when the database is frozen.
 * /healthz: whether the process should be restarted. Only when the console runs its own embedded
 * PostgreSQL does the database count there: when it has not answered for `livenessMs` (it died or was
 * stopped), restarting the console starts it again; an external database coming and going is not
 * something a restart of the console can fix.
 */
export async function healthRoutes(app: FastifyInstance) {
  const { databaseLimits, embeddedDatabaseLivenessMs } = app.settings;
  const watch = createDatabaseWatch(app.db, {
    timeoutMs: databaseLimits.connectTimeoutMs + 1_000,
    ...(embeddedDatabaseLivenessMs ? { probeEveryMs: EMBEDDED_PROBE_EVERY_MS } : {}),
    now: app.clock,
  });
  app.addHook('onClose', () => watch.close());

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Process is up (and, with the embedded database, that database answers): restart it when not',
      },
    },
    async () => {
      const silentMs = watch.unreachableForMs();
      if (embeddedDatabaseLivenessMs && silentMs > embeddedDatabaseLivenessMs) {
        throw new DomainError(
          ErrorCode.Unavailable,
          `The embedded database has not answered for ${Math.round(silentMs / 1000)} s; restart the console`,
        );
      }
      return { payload: { status: 'ok' } };
    },
  );

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { tags: ['health'], summary: 'Database is reachable' } },
    async (request) => {
      if (!(await watch.check())) {
        request.log.warn('database not reachable');
        throw new DomainError(ErrorCode.Unavailable, 'Database unreachable');
      }
      return { payload: { status: 'ready' } };
    },
  );
}
