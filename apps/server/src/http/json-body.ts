import {
  BODY_TOO_DEEP_MESSAGE,
  describeFieldPath,
  findPrototypeKey,
  isNestedDeeperThan,
  MAX_BODY_NESTING_DEPTH,
} from '@console/domain/api';
import { badInput } from '@console/domain/errors';
import { errorCodes, type FastifyInstance } from 'fastify';

// Any text that could hold `__proto__` or `constructor` once parsed (a \u escape can spell either).
const MAY_HOLD_PROTOTYPE_KEY = /__proto__|constructor|\\u/;

/**
 * The JSON body parser: Fastify's own refuses `__proto__` and `constructor.prototype` keys (prototype
 * poisoning) as "Body is not valid JSON"; this one refuses the same keys with a 400 naming where the key
 * is (`sticky.__proto__: must not be a key ...`), and keeps Fastify's answers for an empty or malformed
 * body. JSON.parse makes such keys plain own keys, so the walk only runs when the text may hold one.
 * A body nesting deeper than MAX_BODY_NESTING_DEPTH is refused from its text, before it is parsed.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) {
      done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
      return;
    }
    if (isNestedDeeperThan(text, MAX_BODY_NESTING_DEPTH)) {
      done(badInput(BODY_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      return;
    }
    const found = MAY_HOLD_PROTOTYPE_KEY.test(text) ? findPrototypeKey(value) : null;
    if (found) done(badInput(`${describeFieldPath(found.path)}: ${found.problem}`), undefined);
    else done(null, value);
  });
}
