import { defineEndpoints } from '../api/endpoint.ts';
import { environmentListSchema, environmentSchema, saveEnvironmentRequestSchema } from '../environment.ts';
import {
  archivedEnvironmentListSchema,
  archiveEnvironmentRequestSchema,
  archiveEnvironmentResponseSchema,
  restoreEnvironmentRequestSchema,
} from '../environment-archive.ts';

// Environments are listed and created under /api/configuration/*, whatever
// environment `?configuration=` names (decisions: Global routes).
export const environmentEndpoints = defineEndpoints('environment', {
  list: {
    path: '/api/configuration/list',
    access: 'read',
    summary: 'List environment ids',
    response: environmentListSchema,
    scope: 'global',
  },
  save: {
    path: '/api/configuration/save',
    access: 'change',
    summary: 'Create an environment',
    body: saveEnvironmentRequestSchema,
    response: environmentSchema,
    scope: 'global',
  },
  // Archiving is console-wide, like creating: it takes the environment out of everyone's menu.
  archive: {
    path: '/api/configuration/archive',
    access: 'admin',
    summary: 'Archive an environment: out of the menus, its runtime keys refused, its content kept',
    body: archiveEnvironmentRequestSchema,
    response: archiveEnvironmentResponseSchema,
    scope: 'global',
  },
  restore: {
    path: '/api/configuration/restore',
    access: 'admin',
    summary: 'Restore an archived environment',
    body: restoreEnvironmentRequestSchema,
    response: environmentSchema,
    scope: 'global',
  },
  archived: {
    path: '/api/configuration/archived',
    access: 'admin',
    summary: 'List the archived environments',
    response: archivedEnvironmentListSchema,
    scope: 'global',
  },
});
