export * from './load-conformance.ts';
export * from './spec-types.ts';
