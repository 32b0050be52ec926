// Operational screens (release, compensation, transfer, connections, …): shared zod schemas and pure rules.
export * from './compensation.ts';
export * from './connections.ts';
export {
  type FieldLabels,
  MAX_STORED_INTEGER,
  USER_ID_LABEL,
  USER_ID_MAX_LENGTH,
  userIdSchema,
} from './fields.ts';
export * from './nice.ts';
export * from './plugin.ts';
export * from './progression.ts';
export * from './protected-environment.ts';
export * from './release.ts';
export * from './release-time.ts';
export * from './runtime-keys.ts';
export { stableStringify } from './stable-stringify.ts';
export * from './transfer.ts';
export * from './transfer-plan.ts';
