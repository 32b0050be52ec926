export * from './bounded.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './identifier-text.ts';
export * from './list-page.ts';
export * from './path.ts';
export * from './quoted-input.ts';
export * from './storable-text.ts';
