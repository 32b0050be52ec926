export * from './branch-id.ts';
export * from './change-request.schemas.ts';
export * from './change-request-impact.ts';
export * from './review-classes.ts';
export * from './review-policy.ts';
export * from './three-way.ts';
