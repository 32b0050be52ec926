export * from './endpoint.ts';
export * from './envelope.ts';
