import { defineEndpoints } from '../api/endpoint.ts';
import {
  keyValueResponseSchema,
  releaseClientResponseSchema,
  releaseContentResponseSchema,
  setKeyValueRequestSchema,
  setReleaseClientRequestSchema,
  setReleaseContentRequestSchema,
} from '../operations/release.ts';

// Release Information: three sections, each read and saved on its own.
export const releaseEndpoints = defineEndpoints('release', {
  getContent: {
    path: '/api/release/content/get',
    access: 'read',
    summary: 'Max level, next content release (UTC ms, 0 = none) and max level after release',
    response: releaseContentResponseSchema,
  },
  setContent: {
    path: '/api/release/content/set',
    access: 'change',
    summary: 'Save the content section; the release time is 0 or a 15-minute step from now to 3 months ahead',
    body: setReleaseContentRequestSchema,
    response: releaseContentResponseSchema,
  },
  getClient: {
    path: '/api/release/client/get',
    access: 'read',
    summary: 'Upgrade reminder and forced-upgrade client versions',
    response: releaseClientResponseSchema,
  },
  setClient: {
    path: '/api/release/client/set',
    access: 'change',
    summary: 'Save the client version section',
    body: setReleaseClientRequestSchema,
    response: releaseClientResponseSchema,
  },
  getKeyValue: {
    path: '/api/release/kv/get',
    access: 'read',
    summary: 'The key-value text, (key=value;)*',
    response: keyValueResponseSchema,
  },
  setKeyValue: {
    path: '/api/release/kv/set',
    access: 'change',
    summary: 'Save the key-value text; answers the stored text',
    body: setKeyValueRequestSchema,
    response: keyValueResponseSchema,
  },
});
