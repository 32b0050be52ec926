import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getRevision, listRevisions, republishRevision, resumeRuntime } from './runtime-revision.service.ts';
import { compareEnvironments, diffRevisions } from './runtime-revision-diff.service.ts';

export async function runtimeRevisionRoutes(app: FastifyInstance) {
  const { runtime } = api;
  registerEndpoint(app, runtime.listRevisions, ({ db, environmentId, body }) =>
    listRevisions(db, environmentId, body),
  );
  registerEndpoint(app, runtime.getRevision, ({ db, environmentId, body }) =>
    getRevision(db, environmentId, body.revision),
  );
  registerEndpoint(app, runtime.republish, ({ db, environmentId, body, email }) =>
    republishRevision(db, environmentId, body.revision, email),
  );
  registerEndpoint(app, runtime.resume, ({ db, environmentId, email }) =>
    resumeRuntime(db, environmentId, email),
  );
  registerEndpoint(app, runtime.diffRevisions, ({ db, environmentId, body }) =>
    diffRevisions(db, environmentId, body),
  );
  registerEndpoint(app, runtime.compare, ({ db, environmentId, body }) =>
    compareEnvironments(db, environmentId, body.other),
  );
}
