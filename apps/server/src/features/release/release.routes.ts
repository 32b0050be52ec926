import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import {
  getKeyValue,
  getReleaseClient,
  getReleaseContent,
  setKeyValue,
  setReleaseClient,
  setReleaseContent,
} from './release.service.ts';

export async function releaseRoutes(app: FastifyInstance) {
  const { release } = api;
  registerEndpoint(app, release.getContent, ({ ctx }) => getReleaseContent(ctx));
  registerEndpoint(app, release.setContent, ({ ctx, body }) => setReleaseContent(ctx, body.releaseInfo));
  registerEndpoint(app, release.getClient, ({ ctx }) => getReleaseClient(ctx));
  registerEndpoint(app, release.setClient, ({ ctx, body }) => setReleaseClient(ctx, body.releaseInfo));
  registerEndpoint(app, release.getKeyValue, ({ ctx }) => getKeyValue(ctx));
  registerEndpoint(app, release.setKeyValue, ({ ctx, body }) => setKeyValue(ctx, body.keyValue));
}
