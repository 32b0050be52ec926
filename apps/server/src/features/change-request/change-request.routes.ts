import { type AnyEndpoint, api, conflict, listEndpoints } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';

// The change requests' calls are declared first, so the screens can be built on them; until each has
// its service it answers 409 saying so, and the app starts (every declared call is registered).
export async function changeRequestRoutes(app: FastifyInstance) {
  for (const endpoint of listEndpoints(api.changeRequest) as AnyEndpoint[]) {
    registerEndpoint(app, endpoint, () => {
      throw conflict('Change requests are not available in this version yet');
    });
  }
}
