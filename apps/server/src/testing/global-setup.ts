import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, startTestPostgres } from './index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
    databasePrefix: string;
  }
}

/** Once per run: one PostgreSQL and one migrated template; each test file clones its own database. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  const template = await createTemplateDatabase(server);
  project.provide('adminUrl', server.adminUrl);
  project.provide('templateDatabase', template);
  project.provide('databasePrefix', server.prefix);
  return () => server.stop();
}
