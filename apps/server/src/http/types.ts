import type { Operator } from '@console/domain';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';

/** Who may call a route. Declared per route so roles can be added without touching handlers. */
export type Access = 'public' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** 'global' routes do not act on an environment (e.g. listing environments). */
    scope?: 'environment' | 'global';
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
