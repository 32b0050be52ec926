import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, type ServingRole, startTestPostgres } from './index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
    databasePrefix: string;
    /** The role apps under test serve as (test-postgres.ts), absent when it could not be created. */
    servingRole: ServingRole | null;
  }
}

/** Once per run: one PostgreSQL and one migrated template; each test file clones its own database. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  const template = await createTemplateDatabase(server);
  project.provide('adminUrl', server.adminUrl);
  project.provide('templateDatabase', template);
  project.provide('databasePrefix', server.prefix);
  project.provide('servingRole', server.servingRole ?? null);
  return () => server.stop();
}
