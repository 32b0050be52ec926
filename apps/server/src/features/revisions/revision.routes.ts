import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getRevision, listRevisions, republishRevision, resumeRuntime } from './revision.service.ts';
import { compareEnvironments, diffRevisions } from './revision-diff.service.ts';

export async function runtimeRevisionRoutes(app: FastifyInstance) {
  const { runtime } = api;
  registerEndpoint(app, runtime.listRevisions, ({ ctx, body }) => listRevisions(ctx, body));
  registerEndpoint(app, runtime.getRevision, ({ ctx, body }) => getRevision(ctx, body.revision));
  registerEndpoint(app, runtime.republish, ({ ctx, body }) => republishRevision(ctx, body.revision));
  registerEndpoint(app, runtime.resume, ({ ctx }) => resumeRuntime(ctx));
  registerEndpoint(app, runtime.diffRevisions, ({ ctx, body }) => diffRevisions(ctx, body));
  registerEndpoint(app, runtime.compare, ({ ctx, body }) => compareEnvironments(ctx, body.other));
}
