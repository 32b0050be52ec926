import type { AnyEndpoint, EndpointAccess, EndpointScope, Operator } from '@console/domain';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a route; /api routes take it from their declaration in the endpoint table. */
    access?: EndpointAccess;
    /** 'global' routes do not act on an environment (e.g. listing environments). */
    scope?: EndpointScope;
    /** The declaration an /api route was registered from (http/endpoint.ts). */
    endpoint?: AnyEndpoint;
  }
  interface FastifyRequest {
    operator: Operator | null;
    environmentId: string;
  }
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
  }
}
