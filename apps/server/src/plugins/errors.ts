import { DomainError, ErrorCode, HTTP_STATUS_BY_CODE, MESSAGES } from '@console/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

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

/** One error handler: domain codes map to statuses in one table; nothing internal reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(HTTP_STATUS_BY_CODE[error.code]).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = describeValidation(error.validationContext, error.validation as Issue[]);
      return reply.code(400).send({ error: message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: MESSAGES.serverError });
    }
    const code = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (code) {
      const message =
        code === ErrorCode.UnsupportedMediaType ? 'Content-Type must be application/json' : error.message;
      return reply.code(HTTP_STATUS_BY_CODE[code]).send({ error: message });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ error: error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: MESSAGES.serverError });
  });
}
