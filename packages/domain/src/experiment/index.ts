// A/B-test results: metric definitions, the results and decisions, the SQL data source.
export * from './metric.schemas.ts';
export * from './results.schemas.ts';
