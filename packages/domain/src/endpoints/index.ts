import { listEndpoints } from '../api/endpoint.ts';
import { auditEndpoints } from './audit.endpoints.ts';
import { configEndpoints } from './config.endpoints.ts';

export type { ConfigKindEndpoints } from './config.endpoints.ts';
export { auditEndpoints, configEndpoints };

/** The endpoint table: every API call of the console, by feature. */
export const api = {
  audit: auditEndpoints,
  config: configEndpoints,
} as const;

/** Every declared call, flattened: the server checks at start that each is registered. */
export const ALL_ENDPOINTS = listEndpoints(...Object.values(api));
