export * from './endpoint.ts';
export * from './envelope.ts';
export * from './path.ts';
