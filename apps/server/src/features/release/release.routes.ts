import {
  keyValueResponseSchema,
  releaseClientResponseSchema,
  releaseContentResponseSchema,
  setKeyValueRequestSchema,
  setReleaseClientRequestSchema,
  setReleaseContentRequestSchema,
} from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { postRoute } from '../../http/route.ts';
import {
  getKeyValue,
  getReleaseClient,
  getReleaseContent,
  setKeyValue,
  setReleaseClient,
  setReleaseContent,
} from './release.service.ts';

export async function releaseRoutes(app: FastifyInstance) {
  const tags = ['release'];
  postRoute(app, {
    url: '/api/release/content/get',
    summary: 'Max level, next content release (UTC ms, 0 = none) and max level after release',
    tags,
    response: releaseContentResponseSchema,
    handler: ({ db, environmentId }) => getReleaseContent(db, environmentId),
  });

  postRoute(app, {
    url: '/api/release/content/set',
    summary: 'Save the content section; the release time is 0 or a 15-minute step from now to 3 months ahead',
    tags,
    body: setReleaseContentRequestSchema,
    response: releaseContentResponseSchema,
    handler: ({ db, environmentId, body, email }) =>
      setReleaseContent(db, environmentId, body.releaseInfo, email),
  });

  postRoute(app, {
    url: '/api/release/client/get',
    summary: 'Upgrade reminder and forced-upgrade client versions',
    tags,
    response: releaseClientResponseSchema,
    handler: ({ db, environmentId }) => getReleaseClient(db, environmentId),
  });

  postRoute(app, {
    url: '/api/release/client/set',
    summary: 'Save the client version section',
    tags,
    body: setReleaseClientRequestSchema,
    response: releaseClientResponseSchema,
    handler: ({ db, environmentId, body, email }) =>
      setReleaseClient(db, environmentId, body.releaseInfo, email),
  });

  postRoute(app, {
    url: '/api/release/kv/get',
    summary: 'The key-value text, (key=value;)*',
    tags,
    response: keyValueResponseSchema,
    handler: ({ db, environmentId }) => getKeyValue(db, environmentId),
  });

  postRoute(app, {
    url: '/api/release/kv/set',
    summary: 'Save the key-value text; answers the stored text',
    tags,
    body: setKeyValueRequestSchema,
    response: keyValueResponseSchema,
    handler: ({ db, environmentId, body, email }) => setKeyValue(db, environmentId, body.keyValue, email),
  });
}
