import type { EndpointAccess } from '@console/domain/access';
import type { AnyEndpoint, EndpointScope } from '@console/domain/api';
import type { EnvironmentContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { UnitOfWorkRunner } from '../db/unit-of-work.ts';
import type { EnvironmentCatalog } from '../features/environment/environment.public.ts';
import type { EnvironmentResolver } from '../features/environment/environment.service.ts';
import type { AppSettings } from '../settings.ts';
import type { Sessions, SignedInUser } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The right a route needs; /api routes take it from their declaration in the endpoint table. */
    access?: EndpointAccess;
    /** 'global' routes do not act on an environment (e.g. listing environments). */
    scope?: EndpointScope;
    /** The declaration an /api route was registered from (http/endpoint.ts). */
    endpoint?: AnyEndpoint;
  }
  interface FastifyRequest {
    /** The signed-in user (http/session.ts), null when none. */
    user: SignedInUser | null;
    environmentId: string;
    /**
     * The request's context (http/request-context.ts): its environment, the signed-in operator as actor
     * ('' on public routes), the database and the app's unit of work. Built once the environment is known.
     */
    ctx: EnvironmentContext;
  }
  interface FastifyInstance {
    db: Db;
    /** This instance's unit of work (db/unit-of-work.ts), made by buildApp over its database. */
    unitOfWork: UnitOfWorkRunner;
    settings: AppSettings;
    /** UTC ms: Date.now, or a test's clock (session lifetimes, the request path's caches). */
    clock: () => number;
    sessions: Sessions;
    /** Which environments exist and which are protected (cached: features/environment/environment-catalog.ts). */
    environments: EnvironmentCatalog;
    resolveEnvironment: EnvironmentResolver;
  }
}
