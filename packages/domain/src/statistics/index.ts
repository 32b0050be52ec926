// `@console/domain/statistics`: the A/B-test statistics, a subpath of its own and not in the domain's
// barrel, so neither the web's first load nor the SDK carries the distribution library. The shapes alone
// (statistics.schemas.ts, plain zod) may be imported by the endpoint table without the computations.
export * from './analyse-metric.ts';
export * from './case-value.ts';
export * from './enough-data.ts';
export * from './relative-change.ts';
export * from './sample-ratio.ts';
export * from './statistics.schemas.ts';
