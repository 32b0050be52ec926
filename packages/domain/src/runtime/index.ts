export * from './game-servers.ts';
export * from './runtime-api.ts';
export * from './snapshot.ts';
