// A CommonJS game server loads the SDK with require() (Node 20.19 and later load ES modules so).
const { createRuntimeClient, createTestRuntimeClient, RuntimeApiError } = require('@console/runtime-client');

process.stdout.write(
  JSON.stringify([typeof createRuntimeClient, typeof createTestRuntimeClient, typeof RuntimeApiError]),
);
