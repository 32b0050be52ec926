import { isEnvironmentOrBranchId } from '@console/domain/change-request';
import { DEFAULT_ENVIRONMENT } from '@console/domain/environment.constants';
import { badInput, notLoggedIn } from '@console/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createEnvironmentContext } from '../context.ts';
import { createEnvironmentResolver } from '../features/environment/environment.service.ts';

/**
 * Runs before body parsing on every /api route: who is calling (401 before anything else),
 * then which environment the call acts on (`?configuration=`, dev when absent, 404 when unknown).
 * The right the call needs is checked next, by the route itself (http/endpoint.ts).
 * Refusals are DomainErrors, answered by the one error handler (http/errors.ts).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('environmentId', DEFAULT_ENVIRONMENT);
  app.decorate('resolveEnvironment', createEnvironmentResolver(app.environments));

  app.decorateRequest('ctx', null as unknown as FastifyRequest['ctx']);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    // Decide by the matched route, never the raw URL: the router decodes the path (/%61pi/... is /api/...).
    const route = request.routeOptions.url;
    const isApi = !request.is404 && route?.startsWith('/api/') === true;
    // Sessions are read for declared calls (sign-in's too) and /api routes, not for files or pages.
    if (!isApi && !config.endpoint) return;
    request.user = await app.sessions.read(request);
    if (isApi) await resolveScope(request);
    // Built once, when the environment is known: every service of the call acts in it.
    request.ctx = createEnvironmentContext(
      app.unitOfWork,
      { email: request.user?.email ?? '' },
      request.environmentId,
    );
  });

  async function resolveScope(request: FastifyRequest): Promise<void> {
    const config = request.routeOptions.config;
    if ((config.access ?? 'read') !== 'public' && !request.user) throw notLoggedIn();
    if (config.scope === 'global') return;
    const requested = (request.query as Record<string, unknown>).configuration;
    const environmentId = requested === undefined || requested === '' ? DEFAULT_ENVIRONMENT : requested;
    // A change request's branch (prod~cr-12) is named like an environment and resolved like one
    if (typeof environmentId !== 'string' || !isEnvironmentOrBranchId(environmentId)) {
      throw badInput('configuration: must be an environment id');
    }
    request.environmentId = await app.resolveEnvironment(environmentId);
  }
}
