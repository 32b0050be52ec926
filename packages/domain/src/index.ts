// feature modules (one line each)
export * from './abtest/index.ts';
export * from './access.ts';
export * from './api/index.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './config/index.ts';
export * from './endpoints/index.ts';
export * from './enums.ts';
export * from './environment.ts';
export * from './environment-file/index.ts';
export * from './errors.ts';
export * from './ids.ts';
export * from './operations/index.ts';
export * from './plugin/index.ts';
export * from './runtime/index.ts';
export * from './schedule/index.ts';
export * from './users.ts';
