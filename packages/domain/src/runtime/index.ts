export * from './bucket.ts';
export * from './bucket.vectors.ts';
export * from './ranges.ts';
export * from './revision.schemas.ts';
export * from './runtime-api.ts';
export * from './snapshot.ts';
