export type { PlayerResolution, ResolvePlayerInput } from '@console/domain';
export { type BackoffOptions, computeBackoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
export { readRevision } from './revision-stream.ts';
export {
  createRuntimeClient,
  type RevisionChange,
  type RuntimeClient,
  type RuntimeClientEvents,
  type RuntimeClientOptions,
  type RuntimeLogger,
  type RuntimeProgression,
} from './runtime-client.ts';
export { RuntimeApiError } from './runtime-error.ts';
export type { FetchFunction } from './runtime-http.ts';
export { createSseParser, type SseEvent, type SseHandlers, type SseParser } from './sse-parser.ts';
