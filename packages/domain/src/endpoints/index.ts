import { listEndpoints } from '../api/endpoint.ts';
import { auditEndpoints } from './audit.endpoints.ts';
import { authEndpoints } from './auth.endpoints.ts';
import { environmentEndpoints } from './environment.endpoints.ts';
import { idsEndpoints } from './ids.endpoints.ts';

export { auditEndpoints, authEndpoints, environmentEndpoints, idsEndpoints };

/** The endpoint table: every API call of the console, by feature. */
export const api = {
  audit: auditEndpoints,
  auth: authEndpoints,
  environment: environmentEndpoints,
  ids: idsEndpoints,
} as const;

/** Every declared call, flattened: the server checks at start that each is registered. */
export const ALL_ENDPOINTS = listEndpoints(...Object.values(api));
