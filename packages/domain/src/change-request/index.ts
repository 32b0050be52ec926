export * from './branch-id.ts';
export * from './change-request.schemas.ts';
export * from './review-policy.ts';
