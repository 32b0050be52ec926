import { listEndpoints } from '../api/endpoint.ts';
import { auditEndpoints } from './audit.endpoints.ts';
import { compensationEndpoints } from './compensation.endpoints.ts';
import { configEndpoints } from './config.endpoints.ts';
import { connectionsEndpoints } from './connections.endpoints.ts';
import { niceEndpoints } from './nice.endpoints.ts';
import { pluginEndpoints } from './plugin.endpoints.ts';
import { progressionEndpoints } from './progression.endpoints.ts';
import { releaseEndpoints } from './release.endpoints.ts';
import { runtimeKeysEndpoints } from './runtime-keys.endpoints.ts';
import { transferEndpoints } from './transfer.endpoints.ts';

export type { ConfigKindEndpoints } from './config.endpoints.ts';
export {
  auditEndpoints,
  compensationEndpoints,
  configEndpoints,
  connectionsEndpoints,
  niceEndpoints,
  pluginEndpoints,
  progressionEndpoints,
  releaseEndpoints,
  runtimeKeysEndpoints,
  transferEndpoints,
};

/** The endpoint table: every API call of the console, by feature. */
export const api = {
  audit: auditEndpoints,
  config: configEndpoints,
  release: releaseEndpoints,
  plugin: pluginEndpoints,
  nice: niceEndpoints,
  compensation: compensationEndpoints,
  progression: progressionEndpoints,
  transfer: transferEndpoints,
  connections: connectionsEndpoints,
  runtimeKeys: runtimeKeysEndpoints,
} as const;

/** Every declared call, flattened: the server checks at start that each is registered. */
export const ALL_ENDPOINTS = listEndpoints(...Object.values(api));
