import { DEFAULT_ENVIRONMENT, ENVIRONMENT_ID_PATTERN, MESSAGES } from '@console/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findEnvironment } from '../features/environment/environment.store.ts';
import { readSession } from './session.ts';

/**
 * Runs before body parsing on every /api route: who is calling (401 before anything else),
 * then which environment the call acts on (`?configuration=`, dev when absent, 404 when unknown).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('operator', null);
  app.decorateRequest('environmentId', DEFAULT_ENVIRONMENT);
  // Environments are never deleted, so a positive lookup can be remembered.
  const knownEnvironments = new Set<string>();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.operator = readSession(request);
    const config = request.routeOptions.config;
    // Decide by the matched route, never the raw URL: the router decodes the path (/%61pi/... is /api/...).
    const route = request.routeOptions.url;
    if (request.is404 || !route?.startsWith('/api/')) return;
    if ((config.access ?? 'operator') === 'operator' && !request.operator) {
      return reply.code(401).send({ error: MESSAGES.notLoggedIn });
    }
    if (config.scope === 'global') return;
    const requested = (request.query as Record<string, unknown>).configuration;
    const environmentId = requested === undefined || requested === '' ? DEFAULT_ENVIRONMENT : requested;
    if (typeof environmentId !== 'string' || !ENVIRONMENT_ID_PATTERN.test(environmentId)) {
      return reply.code(400).send({ error: 'configuration: must be an environment id' });
    }
    if (!knownEnvironments.has(environmentId)) {
      if (!(await findEnvironment(app.db, environmentId))) {
        return reply.code(404).send({ error: `Unknown environment ${environmentId}` });
      }
      knownEnvironments.add(environmentId);
    }
    request.environmentId = environmentId;
  });
}
