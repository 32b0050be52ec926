import { listEndpoints } from '../api/endpoint.ts';
import { abTestEndpoints } from './abtest.endpoints.ts';
import { auditEndpoints } from './audit.endpoints.ts';
import { authEndpoints } from './auth.endpoints.ts';
import { changeRequestEndpoints } from './change-request.endpoints.ts';
import { compensationEndpoints } from './compensation.endpoints.ts';
import { configEndpoints } from './config.endpoints.ts';
import { connectionsEndpoints } from './connections.endpoints.ts';
import { environmentEndpoints } from './environment.endpoints.ts';
import { experimentEndpoints } from './experiment.endpoints.ts';
import { idsEndpoints } from './ids.endpoints.ts';
import { niceEndpoints } from './nice.endpoints.ts';
import { pluginEndpoints } from './plugin.endpoints.ts';
import { progressionEndpoints } from './progression.endpoints.ts';
import { releaseEndpoints } from './release.endpoints.ts';
import { runtimeEndpoints } from './runtime.endpoints.ts';
import { runtimeKeysEndpoints } from './runtime-keys.endpoints.ts';
import { runtimePreviewEndpoints } from './runtime-preview.endpoints.ts';
import { scheduleEndpoints } from './schedule.endpoints.ts';
import { segmentEndpoints } from './segment.endpoints.ts';
import { transferEndpoints } from './transfer.endpoints.ts';
import { usersEndpoints } from './users.endpoints.ts';
import { webhooksEndpoints } from './webhooks.endpoints.ts';

export type { ConfigKindEndpoints } from './config.endpoints.ts';
// Named so a lazily loaded chunk can take one feature's declarations without the whole table.
export { authEndpoints, changeRequestEndpoints, environmentEndpoints };

// One line per feature in the import list and in `api`, so features added in parallel merge cleanly.

/** The endpoint table: every API call of the console, by feature. */
export const api = {
  abtest: abTestEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  changeRequest: changeRequestEndpoints,
  compensation: compensationEndpoints,
  config: configEndpoints,
  connections: connectionsEndpoints,
  environment: environmentEndpoints,
  experiment: experimentEndpoints,
  ids: idsEndpoints,
  nice: niceEndpoints,
  plugin: pluginEndpoints,
  progression: progressionEndpoints,
  release: releaseEndpoints,
  runtime: runtimeEndpoints,
  runtimeKeys: runtimeKeysEndpoints,
  runtimePreview: runtimePreviewEndpoints,
  schedule: scheduleEndpoints,
  segment: segmentEndpoints,
  transfer: transferEndpoints,
  users: usersEndpoints,
  webhooks: webhooksEndpoints,
} as const;

/** Every declared call, flattened: the server checks at start that each is registered. */
export const ALL_ENDPOINTS = listEndpoints(...Object.values(api));
