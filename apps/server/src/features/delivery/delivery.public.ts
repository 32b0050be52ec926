// What other features and the HTTP layer use of the runtime API: checking a presented runtime key (the
// game clients' WebSocket, in connections, accepts the same keys as /runtime/v1), and the name of the
// runtime key's security scheme in the OpenAPI document, and the runtime's Prometheus series.

export { RUNTIME_SECURITY_SCHEME } from '../../http/runtime-call.ts';
export { COUNTED_RUNTIME_CALLS, registerRuntimeMetrics } from './delivery-metrics.ts';
export { findUsableRuntimeKey } from './key-auth.ts';
export type { RuntimeKeyEntry } from './key-cache.ts';
