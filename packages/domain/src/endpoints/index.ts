import { listEndpoints } from '../api/endpoint.ts';
import { abTestEndpoints } from './abtest.endpoints.ts';
import { auditEndpoints } from './audit.endpoints.ts';
import { segmentEndpoints } from './segment.endpoints.ts';

export { abTestEndpoints, auditEndpoints, segmentEndpoints };

/** The endpoint table: every API call of the console, by feature. */
export const api = {
  abtest: abTestEndpoints,
  audit: auditEndpoints,
  segment: segmentEndpoints,
} as const;

/** Every declared call, flattened: the server checks at start that each is registered. */
export const ALL_ENDPOINTS = listEndpoints(...Object.values(api));
