import { defineEndpoints } from '../api/endpoint.ts';
import { environmentListSchema, environmentSchema, saveEnvironmentRequestSchema } from '../environment.ts';

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
});
