import type { Socket } from 'node:net';
import { describeFieldPath, type ErrorResponse, quoteInput } from '@console/domain/api';
import { badInput, DomainError, ErrorCode, HTTP_STATUS_BY_CODE, MESSAGES } from '@console/domain/errors';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailableError } from '../db/unavailable.ts';
import { SECURITY_HEADERS, setSecurityHeaders } from './security-headers.ts';

type Issue = { instancePath?: string; keyword?: string; message?: string; params?: { keys?: unknown } };

/**
 * How long a validation message may be: a schema's own messages are shorter (the longest lists the choices
 * a field takes); zod's may list input.
 */
const VALIDATION_MESSAGE_MAX_LENGTH = 600;
/** How many unrecognised field names a refusal lists. */
const LISTED_KEYS = 5;

/** zod lists every unrecognised key; a body of 30,000 made-up keys would be echoed whole. */
function describeUnrecognisedKeys(keys: unknown[]): string {
  const listed = keys.slice(0, LISTED_KEYS).map(quoteInput).join(', ');
  const more = keys.length > LISTED_KEYS ? ` and ${keys.length - LISTED_KEYS} more` : '';
  return `Unrecognized key${keys.length === 1 ? '' : 's'}: ${listed}${more}`;
}

/**
 * "configurationId: must be ..." — the operator sees which field is wrong. An unknown field is named
 * first: a misspelt field (`id` for `ids`) also leaves the right one missing, and the misspelling is
 * the mistake to fix. The path is shortened when a deeply nested value makes it long, and the message
 * never quotes more than a short piece of the input.
 */
function describeValidation(context: string | undefined, issues: Issue[]): string {
  const first = issues.find((issue) => issue.keyword === 'unrecognized_keys') ?? issues[0];
  if (!first) return 'Invalid request';
  const steps = (first.instancePath ?? '').split('/').filter((step) => step !== '');
  const where = steps.length > 0 ? describeFieldPath(steps) : context || 'body';
  const keys = first.params?.keys;
  const message =
    // zod's own wording lists every key; a schema's own message (the runtime bodies') is kept, capped below
    first.keyword === 'unrecognized_keys' &&
    Array.isArray(keys) &&
    first.message?.startsWith('Unrecognized key')
      ? describeUnrecognisedKeys(keys)
      : (first.message ?? 'is invalid');
  const shown =
    message.length > VALIDATION_MESSAGE_MAX_LENGTH
      ? `${message.slice(0, VALIDATION_MESSAGE_MAX_LENGTH)}…`
      : message;
  return `${where}: ${shown}`;
}

/** A database outage fails every call at once: its cause is logged once per interval, not once per call. */
const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;
let unavailableLoggedAt = Number.NEGATIVE_INFINITY;
let unavailableUnlogged = 0;
function logDatabaseUnavailable(log: FastifyBaseLogger, error: unknown): void {
  const at = performance.now();
  if (at - unavailableLoggedAt < UNAVAILABLE_LOG_INTERVAL_MS) {
    unavailableUnlogged += 1;
    return;
  }
  log.error({ err: error, unloggedSince: unavailableUnlogged }, 'database unavailable');
  unavailableLoggedAt = at;
  unavailableUnlogged = 0;
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.UnsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ErrorCode.BadInput,
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.PayloadTooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.BadInput,
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorCode.BadInput,
};

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  Object.entries(HTTP_STATUS_BY_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/**
 * Every failure as the one error type: domain errors as they are, framework and plugin errors (schema
 * validation, content type, body size, rate limit) by their code or status, a database that cannot be
 * reached as a 503 (the caller may try again; nothing is half-written, since every change is
 * one transaction), anything else as a 500 that is logged with the request id and says nothing internal.
 */
function toDomainError(
  error: FastifyError | DomainError,
  log: FastifyBaseLogger,
): DomainError | FastifyError {
  if (error instanceof DomainError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return badInput(describeValidation(error.validationContext, error.validation as Issue[]));
  }
  if (isResponseSerializationError(error)) {
    log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return new DomainError(ErrorCode.Internal, MESSAGES.serverError);
  }
  const code = error.code && Object.hasOwn(FASTIFY_CODES, error.code) ? FASTIFY_CODES[error.code] : undefined;
  if (code === ErrorCode.UnsupportedMediaType)
    return new DomainError(code, 'Content-Type must be application/json');
  if (code) return new DomainError(code, error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const byStatus = CODE_BY_STATUS.get(error.statusCode);
    // A client error without a domain code (405, 406, ...) keeps its status and message.
    return byStatus ? new DomainError(byStatus, error.message) : error;
  }
  if (isDatabaseUnavailableError(error)) {
    logDatabaseUnavailable(log, error);
    return new DomainError(ErrorCode.Unavailable, MESSAGES.databaseUnavailable);
  }
  log.error({ err: error }, 'unexpected error');
  return new DomainError(ErrorCode.Internal, MESSAGES.serverError);
}

/** Seconds a client is asked to wait before trying again after a 429 or 503 that names no other wait. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * The body of every error answer, whoever sends it: the operator's text, and the code (ErrorCode, the
 * same for the same kind of refusal in every release) a program branches on. A client error without a
 * domain code (405, ...) takes BAD_INPUT, a server error INTERNAL.
 */
export function errorBody(
  answer: DomainError | FastifyError,
  status = answer instanceof DomainError ? HTTP_STATUS_BY_CODE[answer.code] : (answer.statusCode ?? 500),
): ErrorResponse {
  const code =
    answer instanceof DomainError
      ? answer.code
      : (CODE_BY_STATUS.get(status) ?? (status < 500 ? ErrorCode.BadInput : ErrorCode.Internal));
  const hint = answer instanceof DomainError ? answer.hint : undefined;
  return { error: answer.message, code, ...(hint === undefined ? {} : { hint }) };
}

/** The status and body of an error answer; a 429 or 503 also says when to try again (Retry-After). */
function sendError(reply: FastifyReply, answer: DomainError | FastifyError, fallbackStatus = 500) {
  const status =
    answer instanceof DomainError ? HTTP_STATUS_BY_CODE[answer.code] : (answer.statusCode ?? fallbackStatus);
  if ((status === 429 || status === 503) && !reply.hasHeader('retry-after'))
    reply.header('retry-after', RETRY_AFTER_SECONDS);
  return reply.code(status).send(errorBody(answer, status));
}

/** One error handler: domain codes map to statuses in one table; nothing internal reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) =>
    sendError(reply, toDomainError(error, request.log)),
  );
  // A request on a kept-alive connection while the console closes is refused 503 as every other error
  // (Fastify's own 503 carries neither the code nor Retry-After: return503OnClosing is off, app.ts).
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!isClosing) return done();
    reply.header('connection', 'close');
    done(new DomainError(ErrorCode.Unavailable, MESSAGES.closing));
  });
  // A refusal some plugin sends without a body (@fastify/websocket answers a plain GET of a socket path
  // 404 and nothing else) still says what went wrong, as {"error", "code"}.
  app.addHook('onSend', (request, reply, payload, done) => {
    const isEmpty = payload === undefined || payload === null || payload === '';
    if (!isEmpty || reply.statusCode < 400 || request.method === 'HEAD') {
      done(null, payload);
      return;
    }
    const path = request.url.split('?')[0] ?? '';
    const message =
      reply.statusCode === 404
        ? `Not found: ${request.method} ${path}`
        : `${request.method} ${path} failed (HTTP ${reply.statusCode})`;
    reply.type('application/json; charset=utf-8');
    done(null, JSON.stringify(errorBody(new Error(message) as FastifyError, reply.statusCode)));
  });
}

/** Errors the router raises before any route or hook runs. */
const ROUTER_ERRORS: Record<string, () => DomainError> = {
  FST_ERR_BAD_URL: () => badInput('The URL is malformed (bad percent-encoding)'),
  FST_ERR_MAX_PARAM_LENGTH: () =>
    new DomainError(ErrorCode.UriTooLong, 'A path parameter of the URL is too long'),
};

/**
 * Fastify's `frameworkErrors`: the router's refusals (bad percent-encoding, a too-long path param),
 * which reach neither hooks nor the error handler, answered like every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const answer =
    (Object.hasOwn(ROUTER_ERRORS, error.code) ? ROUTER_ERRORS[error.code]?.() : undefined) ??
    toDomainError(error, request.log);
  setSecurityHeaders(request, reply);
  reply.header('cache-control', 'no-store');
  sendError(reply, answer, 400);
}

/** What Node's HTTP parser refuses before Fastify sees a request, by the parser's error code. */
function describeClientError(code: string | undefined): DomainError {
  if (code === 'HPE_HEADER_OVERFLOW') {
    // Node's limit (--max-http-header-size, 16 KB) counts the request line too: a too-long URL lands here.
    return new DomainError(ErrorCode.HeadersTooLarge, 'The request’s URL or headers are too large');
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new DomainError(ErrorCode.RequestTimeout, 'The request took too long to arrive');
  }
  return badInput('Malformed HTTP request');
}

/**
 * Fastify's `clientErrorHandler`: Node's parser errors (431 headers or URL too large, 408, malformed
 * requests) answered `{"error"}` on the socket, then the connection is closed as Node does.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = describeClientError(error.code);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(answer));
    const status = HTTP_STATUS_BY_CODE[answer.code];
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};
