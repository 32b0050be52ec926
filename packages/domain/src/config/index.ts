// Configurations (issue 10): the duration grammar, the kinds, the schemas and the activation engine.

export * from './config-kinds.ts';
export * from './duration.ts';
