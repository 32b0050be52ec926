import { badInput, DEFAULT_ENVIRONMENT, ENVIRONMENT_ID_PATTERN, notLoggedIn } from '@console/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createEnvironmentResolver } from '../features/environment/environment.service.ts';
import { createSessionReader } from './session.ts';

/**
 * Runs before body parsing on every /api route: who is calling (401 before anything else),
 * then which environment the call acts on (`?configuration=`, dev when absent, 404 when unknown).
 * Refusals are DomainErrors, answered by the one error handler (plugins/errors.ts).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('operator', null);
  app.decorateRequest('environmentId', DEFAULT_ENVIRONMENT);
  const resolveEnvironment = createEnvironmentResolver(app.db);
  const readSession = createSessionReader();

  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.operator = readSession(request);
    const config = request.routeOptions.config;
    // Decide by the matched route, never the raw URL: the router decodes the path (/%61pi/... is /api/...).
    const route = request.routeOptions.url;
    if (request.is404 || !route?.startsWith('/api/')) return;
    if ((config.access ?? 'operator') === 'operator' && !request.operator) throw notLoggedIn();
    if (config.scope === 'global') return;
    const requested = (request.query as Record<string, unknown>).configuration;
    const environmentId = requested === undefined || requested === '' ? DEFAULT_ENVIRONMENT : requested;
    if (typeof environmentId !== 'string' || !ENVIRONMENT_ID_PATTERN.test(environmentId)) {
      throw badInput('configuration: must be an environment id');
    }
    request.environmentId = await resolveEnvironment(environmentId);
  });
}
