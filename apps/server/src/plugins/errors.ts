import { badInput, DomainError, ErrorCode, HTTP_STATUS_BY_CODE, MESSAGES } from '@console/domain';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailableError } from '../db/unavailable.ts';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** "configurationId: must be ..." — the operator sees which field is wrong. */
function describeValidation(context: string | undefined, issues: Issue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const path = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const where = path || context || 'body';
  return `${where}: ${first.message ?? 'is invalid'}`;
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
 * reached as a 503 (issue 14: the caller may try again; nothing is half-written, since every change is
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
  const code = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (code === ErrorCode.UnsupportedMediaType)
    return new DomainError(code, 'Content-Type must be application/json');
  if (code) return new DomainError(code, error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const byStatus = CODE_BY_STATUS.get(error.statusCode);
    // A client error without a domain code (405, 406, ...) keeps its status and message.
    return byStatus ? new DomainError(byStatus, error.message) : error;
  }
  if (isDatabaseUnavailableError(error)) {
    log.error({ err: error }, 'database unavailable');
    return new DomainError(ErrorCode.Unavailable, MESSAGES.databaseUnavailable);
  }
  log.error({ err: error }, 'unexpected error');
  return new DomainError(ErrorCode.Internal, MESSAGES.serverError);
}

/** Seconds a client is asked to wait before trying again after a 503. */
const RETRY_AFTER_SECONDS = 1;

/** One error handler: domain codes map to statuses in one table; nothing internal reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const answer = toDomainError(error, request.log);
    const status = answer instanceof DomainError ? HTTP_STATUS_BY_CODE[answer.code] : answer.statusCode!;
    if (status === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
    return reply.code(status).send({ error: answer.message });
  });
}
