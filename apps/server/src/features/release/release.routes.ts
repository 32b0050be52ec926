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
  registerEndpoint(app, release.getContent, ({ db, environmentId }) => getReleaseContent(db, environmentId));
  registerEndpoint(app, release.setContent, ({ db, environmentId, body, email }) =>
    setReleaseContent(db, environmentId, body.releaseInfo, email),
  );
  registerEndpoint(app, release.getClient, ({ db, environmentId }) => getReleaseClient(db, environmentId));
  registerEndpoint(app, release.setClient, ({ db, environmentId, body, email }) =>
    setReleaseClient(db, environmentId, body.releaseInfo, email),
  );
  registerEndpoint(app, release.getKeyValue, ({ db, environmentId }) => getKeyValue(db, environmentId));
  registerEndpoint(app, release.setKeyValue, ({ db, environmentId, body, email }) =>
    setKeyValue(db, environmentId, body.keyValue, email),
  );
}
