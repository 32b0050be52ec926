export * from './bucket.ts';
export * from './bucket.vectors.ts';
export * from './ranges.ts';
export * from './resolution.schemas.ts';
export * from './resolve.ts';
export * from './runtime-api.ts';
export * from './segment-match.ts';
export * from './snapshot.ts';
