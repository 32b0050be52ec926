// Environment files: an environment's content as a versioned JSON document (export and import).
export * from './environment-file.checks.ts';
export * from './environment-file.format.ts';
export * from './environment-file.read.ts';
export * from './environment-file.requests.ts';
export * from './environment-file.schemas.ts';
