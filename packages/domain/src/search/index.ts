export * from './abtest-search.ts';
export * from './audit-search.ts';
export * from './config-search.ts';
export * from './users-search.ts';
