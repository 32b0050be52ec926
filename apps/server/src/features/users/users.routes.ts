import { api } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { listUsers, removeUser, setEnvironmentProtected, setUserRole } from './users.service.ts';

// The Users screen. Who may call what is declared in the endpoint table (users.endpoints.ts).
export async function usersRoutes(app: FastifyInstance) {
  const { config, sessions, environments } = app;
  const now = app.clock;
  const contextOf = (email: string) => ({ db: app.db, config, now, email });

  registerEndpoint(app, api.users.list, async ({ db }) =>
    listUsers({ db, config, now }, await environments.list()),
  );
  registerEndpoint(app, api.users.setRole, async ({ body, email }) => {
    const user = await setUserRole(contextOf(email), body);
    sessions.forget();
    return user;
  });
  registerEndpoint(app, api.users.remove, async ({ body, email }) => {
    const { sessionsEnded } = await removeUser(contextOf(email), body.email);
    sessions.forget();
    return { email: body.email, sessionsEnded };
  });
  registerEndpoint(app, api.users.setProtected, async ({ db, body, email }) => {
    const answer = await setEnvironmentProtected(db, body, email);
    environments.invalidate();
    return answer;
  });
}
