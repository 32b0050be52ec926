import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { listUsers, removeUser, searchUsers, setEnvironmentProtected, setUserRole } from './users.service.ts';

// The Users screen. Who may call what is declared in the endpoint table (users.endpoints.ts).
export async function usersRoutes(app: FastifyInstance) {
  const { settings, sessions, environments } = app;
  const users = { settings, now: app.clock, sessions };

  registerEndpoint(app, api.users.list, async ({ ctx, user }) =>
    listUsers(ctx, users, await environments.list(), user!),
  );
  registerEndpoint(app, api.users.search, ({ ctx, user, body }) => searchUsers(ctx, users, user!, body));
  registerEndpoint(app, api.users.setRole, ({ ctx, body }) => setUserRole(ctx, users, body));
  registerEndpoint(app, api.users.remove, async ({ ctx, body }) => {
    const { sessionsEnded } = await removeUser(ctx, users, body.email);
    return { email: body.email, sessionsEnded };
  });
  registerEndpoint(app, api.users.setProtected, ({ ctx, body }) =>
    setEnvironmentProtected(ctx, environments, body),
  );
}
