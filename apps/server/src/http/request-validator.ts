import { parseRequest } from '@console/domain/api';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

// The validator of every route's body, params and query (Fastify's schema compiler): the route's zod
// schema, checked up to the body's first mistake (parseRequest) instead of collecting every mistake it
// holds. Its refusals have the shape fastify-type-provider-zod gives them, so the one error handler
// (http/errors.ts) words them as it words every validation error.

/** fastify-type-provider-zod's mark of its validation errors (hasZodFastifySchemaValidationErrors). */
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/** zod's issues as fastify-type-provider-zod reports them. */
function toValidationErrors(issues: readonly z.core.$ZodIssue[]) {
  return issues.map(({ path, code, message, ...params }) => ({
    [ZOD_VALIDATION_ERROR]: true,
    keyword: code,
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/${code}`,
    message,
    params,
  }));
}

export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = parseRequest(schema, data);
    if (result.success) return { value: result.data };
    // Fastify takes the list of errors as its own validation array
    return { error: toValidationErrors(result.issues) as unknown as Error };
  };
