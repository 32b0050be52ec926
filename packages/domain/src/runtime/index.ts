export * from './runtime-api.ts';
export * from './snapshot.ts';
