import { describeFieldPath, findUnstorableText } from '@console/domain/api';
import { badInput } from '@console/domain/errors';
import type { FastifyInstance } from 'fastify';

// The request parts a handler reads, in the order an operator reads a URL and then its body.
const PARTS = ['params', 'query', 'body'] as const;

/**
 * The one place where text PostgreSQL cannot store (NUL, lone surrogates) is refused,
 * 400 naming the field, for every route: path params, query and body of the API, the sign-in calls
 * and the game clients' /runtime routes alike, before any schema, handler, SQL or audit entry sees it.
 * A hook rather than a refinement on each string schema, so that a field a schema forgets, a record's
 * keys, free JSON and routes added later are covered too (docs/decisions/0343).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of PARTS) {
      const found = findUnstorableText(request[part]);
      if (found) {
        const where = found.path.length > 0 ? describeFieldPath(found.path) : part;
        done(badInput(`${where}: ${found.problem}`));
        return;
      }
    }
    done();
  });
}
