export * from './runtime-api.ts';
export * from './runtime-endpoints.ts';
export * from './snapshot.ts';
