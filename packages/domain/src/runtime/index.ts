export * from './revision.schemas.ts';
export * from './runtime-api.ts';
export * from './snapshot.ts';
