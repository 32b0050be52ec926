// What the runtime API uses of runtime keys: the credentials it checks presented keys against (kept
// in its key cache), and the channel on which a revocation reaches other processes; and which keys
// are revoked, for the live connections (connections) opened with them; the keys an environment's
// archive stops (environment).

export {
  findRevokedKeyIds,
  findRuntimeKeyCredential,
  listRuntimeKeyCredentials,
  listServingKeyNames,
  RUNTIME_KEY_CHANNEL,
  type RuntimeKeyCredential,
} from './runtime-keys.store.ts';
