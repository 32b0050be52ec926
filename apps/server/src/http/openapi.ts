import { type AnyEndpoint, errorResponseSchema, operationIdOf } from '@console/domain/api';
import { ALL_ENDPOINTS } from '@console/domain/endpoints';
import { RUNTIME_ENDPOINTS, type RuntimeEndpoint } from '@console/domain/runtime';
import { WEBHOOK_EVENT_SCHEMAS, WEBHOOK_EVENT_TYPES } from '@console/domain/webhooks';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RUNTIME_SECURITY_SCHEME } from '../features/delivery/delivery.public.ts';
import type { AppSettings } from '../settings.ts';
import { addDiscriminators } from './openapi-schemas.ts';
import { SESSION_COOKIE } from './session.ts';

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
  tags?: string[];
  parameters?: Record<string, unknown>[];
  responses?: Record<string, Record<string, unknown>>;
}

/** The one error answer, `{"error", "code"}` (errorResponseSchema), as a component every refusal names. */
export const ERROR_SCHEMA_NAME = 'Error';
const ERROR_CONTENT = {
  'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } },
};
const errorSchema = () => {
  const { $schema: _, ...schema } = z.toJSONSchema(errorResponseSchema, { target: 'draft-2020-12' });
  return { ...schema, description: 'Every error answer: the text for the operator and a stable code' };
};

/** Refusals that ask the caller to come back later, and say when. */
const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 0 },
  },
};
const ASKS_TO_RETRY = new Set(['429', '503']);

/** What every call can answer: a defect is still answered {"error", "code"} (INTERNAL). */
const DEFECT_ANSWER = {
  500: 'A defect of the console: logged with the request id; the answer says nothing internal',
} as const;

/** The refusals of an operator call (/api and sign-in), by what it declares. */
function operatorAnswers(endpoint: AnyEndpoint): Record<number, string> {
  const answers: Record<number, string> = {
    400: 'The body, params or ?configuration= are not valid: the message names the field',
    403: 'The request came from another site, or is addressed to another host than PUBLIC_URL',
    404: 'The environment (?configuration=), or what the call names, does not exist',
    413: 'The body is larger than the console accepts (BODY_LIMIT_BYTES)',
    415: 'The body is not JSON (Content-Type: application/json)',
    429:
      'Too many calls from this session or address (API_RATE_LIMIT_PER_SESSION, _PER_ADDRESS), or ' +
      'sign-ins from this address',
    ...DEFECT_ANSWER,
    503: 'The database cannot be reached, or the console is shutting down',
  };
  if (endpoint.access !== 'public') {
    answers[401] = 'Not signed in, or the session ended';
    answers[403] =
      'The signed-in user lacks the right the call needs, or the request came from another site or is ' +
      'addressed to another host than PUBLIC_URL';
    // Reads too: an impact or a preview evaluates a proposed change, which a rule can refuse.
    answers[409] =
      'A rule of the product refuses the change (or the proposed change a preview or impact evaluates), or ' +
      'it conflicts with what is stored: the message says which';
  }
  return answers;
}

/** The sign-in redirects (GET, to the provider or to /login): a browser follows them, nothing is JSON. */
function describeRedirect(operation: Operation): void {
  if (operation.responses?.['200']?.description === 'Default Response') delete operation.responses['200'];
  addAnswers(operation, {
    302: 'Redirects: to the sign-in provider, or to /login (with the reason when sign-in failed)',
    400: 'The query holds text PostgreSQL cannot store (a NUL or a lone surrogate): refused before any route',
    403: 'The request is addressed to another host than PUBLIC_URL',
    ...DEFECT_ANSWER,
    503: 'The console is shutting down',
  });
}

/** The health checks: no sign-in, no body. */
const HEALTH_ANSWERS = {
  ...DEFECT_ANSWER,
  503: 'The database does not answer (or, for /healthz, the embedded one has not for a while)',
} as const;

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

export function openApiOptions(settings: AppSettings): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Live-ops console API',
        description:
          'Every operator call is a POST with JSON, scoped to an environment by ?configuration=<id> (dev when ' +
          'absent), with the session cookie of a sign-in (POST /oauth/login/dev locally). Answers are ' +
          '{"payload": ...} or {"error": "...", "code": "..."}: `error` is for people and may be reworded, ' +
          '`code` (schema Error) is stable, for programs to branch on; 429 and 503 say when to retry ' +
          '(Retry-After, seconds). Game servers use the runtime calls (tag runtime) under ' +
          '/runtime/v1 instead, with a runtime key of their environment (Authorization: Bearer rk_...), ' +
          'never a session.',
        version: '1.0.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: settings.publicUrl, description: 'This console (PUBLIC_URL)' }],
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
        if (operatorCall.produces) describeStreamedAnswer(operation, operatorCall.produces);
      } else {
        operation.security = []; // health checks and the sign-in redirects: no sign-in
        if (operation.tags?.includes('auth')) describeRedirect(operation);
        else addAnswers(operation, HEALTH_ANSWERS);
      }
    }
    paths[path] = operations;
  }
  addDiscriminators(document);
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  components.schemas = { ...components.schemas, [ERROR_SCHEMA_NAME]: errorSchema() };
  return { ...document, components, paths, webhooks: webhookOperations() };
}

/** The Standard Webhooks headers every delivery carries. */
const WEBHOOK_HEADERS = {
  'webhook-id': "The message's id (msg_...): the same on every attempt, for deduplication",
  'webhook-timestamp': "The attempt's time, Unix seconds",
  'webhook-signature':
    'v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>"> with the subscription\'s whsec_ secret',
};

/**
 * OpenAPI's webhooks section: what the console POSTs to a subscription, one operation per event type
 * (packages/domain webhooks/webhook-events.ts). The Slack format sends {"text"} instead.
 */
function webhookOperations(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const { $schema: _, ...schema } = z.toJSONSchema(WEBHOOK_EVENT_SCHEMAS[type], {
        target: 'draft-2020-12',
      });
      const operation = {
        operationId: `webhook_${type.replace(/[^A-Za-z0-9]+/g, '_')}`,
        summary: `The ${type} event (version 1), signed per Standard Webhooks`,
        tags: ['webhooks'],
        security: [],
        parameters: Object.entries(WEBHOOK_HEADERS).map(([name, description]) => ({
          in: 'header',
          name,
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: { required: true, content: { 'application/json': { schema } } },
        responses: {
          '200': { description: 'Any 2xx answer: delivered' },
          '400': {
            description: 'Any other answer, or none within 10 s: retried with backoff for about a day',
          },
        },
      };
      return [type, { post: operation }];
    }),
  );
}

/** A streamed answer (`produces`): its JSON form as declared, every other type as text. */
function describeStreamedAnswer(operation: Operation, types: readonly string[]): void {
  const ok = operation.responses?.['200'];
  if (!ok) return;
  ok.description = `Streamed as ${types.join(' or ')} (the body's format chooses)`;
  const content = (ok.content ?? {}) as Record<string, unknown>;
  const json = content['application/json'] ?? Object.values(content)[0];
  ok.content = Object.fromEntries(
    types.map((type) => [type, type === 'application/json' ? json : { schema: { type: 'string' } }]),
  );
}

function describeRuntimeCall(operation: Operation, call: RuntimeEndpoint): void {
  operation.security = [{ [RUNTIME_SECURITY_SCHEME]: [] }];
  const ok = operation.responses?.['200'];
  if (ok && call.okDescription) ok.description = call.okDescription;
  addAnswers(operation, { ...call.answers, ...DEFECT_ANSWER });
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

/**
 * Adds each status not declared yet: 3xx without a body, the others with the {"error", "code"} answer,
 * 429 and 503 with Retry-After (http/errors.ts sends it on both).
 */
function addAnswers(operation: Operation, answers: Readonly<Record<number, string>>): void {
  operation.responses ??= {};
  const responses = operation.responses;
  for (const [status, description] of Object.entries(answers)) {
    if (responses[status]) continue;
    responses[status] =
      Number(status) < 400
        ? { description }
        : ASKS_TO_RETRY.has(status)
          ? { description, headers: RETRY_AFTER, content: ERROR_CONTENT }
          : { description, content: ERROR_CONTENT };
  }
  const ok = responses['200'];
  if (ok?.description === 'Default Response') ok.description = 'Done: {"payload": ...}';
}
