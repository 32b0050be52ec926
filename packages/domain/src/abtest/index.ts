// The A/B-test and segment rules: weights, segments, IDs, version and activation rules, schemas.
export * from './abtest.rules.ts';
export * from './abtest.schemas.ts';
export * from './abtest-id.ts';
export * from './case-label.ts';
export * from './countries.ts';
export * from './rule-result.ts';
export * from './segment.ts';
export * from './segment.vectors.ts';
export * from './weights.ts';
