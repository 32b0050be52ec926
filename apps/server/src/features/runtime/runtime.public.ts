// What other features use of the runtime API: checking a presented runtime key (the game clients'
// WebSocket, in connections, accepts the same keys as /runtime/v1).

export { findUsableRuntimeKey } from './runtime-auth.ts';
