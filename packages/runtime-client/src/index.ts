export { type BackoffOptions, computeBackoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
export { readRevision } from './revision-stream.ts';
export {
  createRuntimeClient,
  type PlayerResolution,
  type ResolvePlayerInput,
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
