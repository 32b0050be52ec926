// Configurations: the duration grammar, the kinds, the schemas and the activation engine.

export * from './activation.schemas.ts';
export * from './activation-engine.ts';
export * from './activation-types.ts';
export * from './config.api.schemas.ts';
export * from './config.rules.ts';
export * from './config-changes.ts';
export * from './config-data.schemas.ts';
export * from './config-fields.ts';
export * from './config-item.schemas.ts';
export * from './config-kinds.ts';
export * from './config-warnings.ts';
export * from './construction-items.ts';
export * from './duration.ts';
export * from './event-data.schemas.ts';
export * from './matchmaking.schemas.ts';
