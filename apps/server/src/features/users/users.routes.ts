import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { listUsers, removeUser, searchUsers, setEnvironmentProtected, setUserRole } from './users.service.ts';

// The Users screen. Who may call what is declared in the endpoint table (users.endpoints.ts).
export async function usersRoutes(app: FastifyInstance) {
  const { settings, sessions, environments } = app;
  const now = app.clock;
  const contextOf = (email: string) => ({ db: app.db, settings, now, email, sessions });

  registerEndpoint(app, api.users.list, async ({ db, user }) =>
    listUsers({ db, settings, now }, await environments.list(), user!),
  );
  registerEndpoint(app, api.users.search, ({ db, user, body }) =>
    searchUsers({ db, settings, now }, user!, body),
  );
  registerEndpoint(app, api.users.setRole, ({ body, email }) => setUserRole(contextOf(email), body));
  registerEndpoint(app, api.users.remove, async ({ body, email }) => {
    const { sessionsEnded } = await removeUser(contextOf(email), body.email);
    return { email: body.email, sessionsEnded };
  });
  registerEndpoint(app, api.users.setProtected, ({ db, body, email }) =>
    setEnvironmentProtected(db, environments, body, email),
  );
}
