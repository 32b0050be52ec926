import {
  ALL_ENDPOINTS,
  type AnyEndpoint,
  operationIdOf,
  RUNTIME_ENDPOINTS,
  type RuntimeEndpoint,
} from '@console/domain';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { RUNTIME_SECURITY_SCHEME } from '../features/runtime/runtime.public.ts';
import { SESSION_COOKIE } from '../plugins/session.ts';
import { addDiscriminators } from './openapi-schemas.ts';

// The OpenAPI document at /docs/json, generated from the declared calls (packages/domain endpoints and
// runtime-endpoints) and finished here in one place: the servers from PUBLIC_URL, both security schemes
// (the operator session cookie, the runtime key) applied per call, an operationId derived from each
// path, the refusals every call can answer, the runtime calls' own statuses and headers, discriminated
// unions, and no wildcard path (the fallback of unknown configuration kinds is not an operation).

export const SESSION_SECURITY_SCHEME = 'operatorSession';

type Document = Record<string, unknown> & { paths?: Record<string, Record<string, Operation>> };
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  responses?: Record<string, Record<string, unknown>>;
}

const ERROR_CONTENT = {
  'application/json': {
    schema: {
      type: 'object',
      properties: {
        error: { type: 'string' },
        hint: { type: 'string', description: 'On some refusals: what to do next' },
      },
      required: ['error'],
      additionalProperties: false,
    },
  },
};

/** The refusals of an operator call (/api and sign-in), by what it declares. */
function operatorAnswers(endpoint: AnyEndpoint): Record<number, string> {
  const answers: Record<number, string> = {
    400: 'The body, params or ?configuration= are not valid: the message names the field',
    413: 'The body is larger than the console accepts (BODY_LIMIT_BYTES)',
    415: 'The body is not JSON (Content-Type: application/json)',
    429: 'Too many calls from this session or address (API_RATE_LIMIT_PER_SESSION, _PER_ADDRESS)',
    503: 'The database cannot be reached',
  };
  if (endpoint.access !== 'public') {
    answers[401] = 'Not signed in, or the session ended';
    answers[403] = 'The signed-in user lacks the right the call needs, or the request came from another site';
  }
  if (endpoint.scope === 'environment')
    answers[404] = 'The environment, or what the call names, does not exist';
  return answers;
}

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

export function openApiOptions(config: AppConfig): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Live-ops console API',
        description:
          'Every operator call is a POST with JSON, scoped to an environment by ?configuration=<id> (dev when ' +
          'absent), with the session cookie of a sign-in (POST /oauth/login/dev locally). Answers are ' +
          '{"payload": ...} or {"error": "..."}. Game servers use the runtime calls (tag runtime) under ' +
          '/runtime/v1 instead, with a runtime key of their environment (Authorization: Bearer rk_...), ' +
          'never a session.',
        version: '1.0.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: config.publicUrl, description: 'This console (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session a sign-in sets (Google, or POST /oauth/login/dev locally)',
          },
          [RUNTIME_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'A runtime key of the environment (rk_...), created on the Connections screen',
          },
        },
      },
      security: [{ [SESSION_SECURITY_SCHEME]: [] }],
    },
    transform: (document) =>
      document.url.includes('*')
        ? { schema: { hide: true }, url: document.url }
        : jsonSchemaTransform(document),
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? finishDocument(documentObject.openapiObject as Document)
        : documentObject.swaggerObject,
  };
}

/** The generated document with what the route schemas cannot say (see the comment at the top). */
export function finishDocument(document: Document): Document {
  const operatorCalls = new Map(ALL_ENDPOINTS.map((endpoint) => [openApiPath(endpoint.path), endpoint]));
  const runtimeCalls = new Map(RUNTIME_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]));
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (path.includes('*')) continue;
    const methods = Object.keys(operations);
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId = operationIdOf(path, methods.length > 1 ? method : undefined);
      const runtimeCall = runtimeCalls.get(path);
      const operatorCall = operatorCalls.get(path);
      if (runtimeCall) describeRuntimeCall(operation, runtimeCall);
      else if (operatorCall) {
        if (operatorCall.access === 'public') operation.security = [];
        addAnswers(operation, operatorAnswers(operatorCall));
      } else operation.security = []; // health checks: no sign-in
    }
    paths[path] = operations;
  }
  addDiscriminators(document);
  return { ...document, paths };
}

function describeRuntimeCall(operation: Operation, call: RuntimeEndpoint): void {
  operation.security = [{ [RUNTIME_SECURITY_SCHEME]: [] }];
  const ok = operation.responses?.['200'];
  if (ok && call.produces === 'text/event-stream')
    ok.description = 'Server-Sent Events: a `revision` event (this data) per published revision';
  addAnswers(operation, call.answers);
  for (const [name, description] of Object.entries(call.requestHeaders ?? {})) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      { in: 'header', name, required: false, description, schema: { type: 'string' } },
    ];
  }
  const headers = Object.fromEntries(
    Object.entries(call.responseHeaders ?? {}).map(([name, description]) => [
      name,
      { description, schema: { type: 'string' } },
    ]),
  );
  if (Object.keys(headers).length === 0) return;
  for (const status of ['200', '304']) {
    const response = operation.responses?.[status];
    if (response) response.headers = { ...(response.headers as object), ...headers };
  }
}

/** Adds each status not declared yet: 304 without a body, the others with the {"error"} answer. */
function addAnswers(operation: Operation, answers: Readonly<Record<number, string>>): void {
  operation.responses ??= {};
  const responses = operation.responses;
  for (const [status, description] of Object.entries(answers)) {
    if (responses[status]) continue;
    responses[status] = status === '304' ? { description } : { description, content: ERROR_CONTENT };
  }
  const ok = responses['200'];
  if (ok?.description === 'Default Response') ok.description = 'Done: {"payload": ...}';
}
