// @console/runtime-client: the game servers' SDK of the console's runtime API (/runtime/v1).
export type {
  PendingGrant,
  PlayerContext,
  PlayerExplanation,
  PlayerReceipt,
  PluginOutcome,
  PluginReceipt,
  PluginResolution,
  ResolveAnswer,
  RuntimeConfiguration,
  RuntimeContent,
  RuntimeSnapshot,
  StickyAssignments,
} from '@console/domain/runtime';
export { ResolveInputError } from '@console/domain/runtime';
export type { BackoffOptions } from './backoff.ts';
export type { EventCounts, EventSendingOptions } from './event-sender.ts';
export { createRuntimeClient, DEFAULT_START_TIMEOUT_MS } from './runtime-client.ts';
export { RuntimeApiError } from './runtime-error.ts';
export type { FetchFunction } from './runtime-http.ts';
export type {
  Exposure,
  ResolveRequest,
  RevisionChange,
  RuntimeClient,
  RuntimeClientEvents,
  RuntimeClientOptions,
  RuntimeLogger,
  RuntimeProgression,
  StartOptions,
} from './runtime-types.ts';
export { readSnapshotFile } from './snapshot-file.ts';
export {
  createTestRuntimeClient,
  type TestRuntimeClient,
  type TestRuntimeClientOptions,
} from './test-client.ts';
