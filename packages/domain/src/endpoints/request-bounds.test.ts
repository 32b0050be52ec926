import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedArray, boundedRecord, lengthCheckedFirst, sizeGuardOf } from '../api/bounded.ts';
import { configurationQuerySchema } from '../api/envelope.ts';
import { RUNTIME_ENDPOINTS, runtimeQuerySchema } from '../runtime/runtime-endpoints.ts';
import { ALL_ENDPOINTS, api } from './index.ts';

// Every list, text and map of every request schema has a size limit that is checked on the raw input
// before its elements are (api/bounded.ts): an oversized body is refused at once, whatever it holds.

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type Check = { _zod: { def: { check: string; abort?: boolean } } };

/**
 * Checks that cost next to nothing whatever the text's length (rewriting it, comparing its length): they may
 * come before the length limit. Any other (a pattern, a refinement) must come after it, and only run when
 * the text is within it.
 */
const CHEAP_CHECKS = new Set(['overwrite', 'min_length', 'length_equals']);

function describeStringBound(def: Def): string | null {
  const checks = (def.checks ?? []) as Check[];
  const at = checks.findIndex((check) => check._zod.def.check === 'max_length');
  if (at < 0) return 'a text without a length limit';
  const isCheap = (check: Check) => CHEAP_CHECKS.has(check._zod.def.check);
  if (!checks.slice(0, at).every(isCheap)) return 'a text whose length limit is checked after another check';
  const hasCostlyLaterCheck = !checks.slice(at + 1).every(isCheap);
  if (hasCostlyLaterCheck && checks[at]?._zod.def.abort !== true) {
    return 'a text whose later checks still run when it is too long (max with abort: true)';
  }
  return null;
}

/** Every place in `schema` a raw request value can be of unlimited size, by path. */
function findUnboundedParts(schema: z.core.$ZodType, path = ''): string[] {
  const found: string[] = [];
  const visiting = new Set<z.core.$ZodType>();
  const visit = (node: z.core.$ZodType, at: string, isSizeChecked: boolean): void => {
    if (visiting.has(node)) return; // a recursive schema (z.lazy) is walked once
    visiting.add(node);
    const def = node._zod.def as Def;
    const inner = (key: string) => def[key] as z.core.$ZodType;
    switch (def.type) {
      case 'string': {
        const problem = describeStringBound(def);
        if (problem) found.push(`${at || '(body)'}: ${problem}`);
        break;
      }
      case 'array':
        if (!isSizeChecked) found.push(`${at || '(body)'}: a list whose length is not checked first`);
        visit(inner('element'), `${at}[]`, false);
        break;
      case 'record':
        if (!isSizeChecked) found.push(`${at || '(body)'}: a map whose key count is not checked first`);
        visit(inner('keyType'), `${at}{key}`, false);
        visit(inner('valueType'), `${at}{}`, false);
        break;
      case 'object': {
        const shape = def.shape as Record<string, z.core.$ZodType>;
        for (const [key, value] of Object.entries(shape)) visit(value, at ? `${at}.${key}` : key, false);
        const catchall = def.catchall as z.core.$ZodType | undefined;
        if (catchall && catchall._zod.def.type !== 'never') visit(catchall, `${at}.*`, false);
        break;
      }
      case 'pipe': {
        const guard = sizeGuardOf(node);
        if (guard) visit(inner('out'), at, true);
        else {
          const before = found.length;
          visit(inner('in'), at, isSizeChecked);
          // `out` takes what `in` passed: a checked value is bounded by `in`; what a transform (a
          // preprocess) made of the raw input is not
          const isInChecked = inner('in')._zod.def.type !== 'transform' && found.length === before;
          if (!isInChecked) visit(inner('out'), at, isSizeChecked);
        }
        break;
      }
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        visit(inner('innerType'), at, isSizeChecked);
        break;
      case 'lazy':
        visit((def.getter as () => z.core.$ZodType)(), at, isSizeChecked);
        break;
      case 'union':
        for (const option of def.options as z.core.$ZodType[]) visit(option, at, isSizeChecked);
        break;
      case 'intersection':
        visit(inner('left'), at, isSizeChecked);
        visit(inner('right'), at, isSizeChecked);
        break;
      case 'tuple': {
        (def.items as z.core.$ZodType[]).forEach((item, index) => {
          visit(item, `${at}[${index}]`, false);
        });
        const rest = def.rest as z.core.$ZodType | null;
        if (rest && !isSizeChecked) found.push(`${at || '(body)'}: a tuple with unlimited rest`);
        if (rest) visit(rest, `${at}[]`, false);
        break;
      }
      case 'map':
      case 'set':
      case 'any':
      case 'unknown':
      case 'custom':
        found.push(`${at || '(body)'}: a value of any size (${def.type})`);
        break;
      default:
        break;
    }
    visiting.delete(node);
  };
  visit(schema, path, false);
  return found;
}

describe('the size limits of every request schema', () => {
  it('bounds every list, text and map of every operator call, checked before its elements', () => {
    const unbounded = ALL_ENDPOINTS.flatMap((endpoint) => [
      // The catch-all of unknown configuration kinds answers 404 whatever it is sent: its body is never read
      ...(endpoint === api.config.unknownKind
        ? []
        : findUnboundedParts(endpoint.body, `${endpoint.path} body `)),
      ...findUnboundedParts(endpoint.params, `${endpoint.path} params `),
    ]);
    expect(unbounded).toEqual([]);
  });

  it('bounds every list, text and map of every runtime call and of both query strings', () => {
    const unbounded = [
      ...RUNTIME_ENDPOINTS.flatMap((endpoint) =>
        endpoint.body ? findUnboundedParts(endpoint.body, `${endpoint.path} body `) : [],
      ),
      ...findUnboundedParts(runtimeQuerySchema, 'runtime query '),
      ...findUnboundedParts(configurationQuerySchema, 'console query '),
    ];
    expect(unbounded).toEqual([]);
  });

  it('finds what it is meant to find', () => {
    const schema = z.object({
      list: z.array(z.number()).max(3),
      text: z.string(),
      late: z.string().regex(/a/).max(3),
      going: z.string().max(3).regex(/a/),
      fineText: z.string().trim().min(1).max(3, { abort: true }).regex(/a/),
      map: z.record(z.string().max(3), z.number()),
      fine: boundedArray(z.string().max(3), 3),
      fineMap: boundedRecord(z.string().max(3), z.number(), 3),
      finePipe: lengthCheckedFirst(z.array(z.number()).pipe(z.array(z.number())), 3),
      nested: boundedArray(z.object({ inner: z.array(z.number()) }), 3),
    });
    expect(findUnboundedParts(schema)).toEqual([
      'list: a list whose length is not checked first',
      'text: a text without a length limit',
      'late: a text whose length limit is checked after another check',
      'going: a text whose later checks still run when it is too long (max with abort: true)',
      'map: a map whose key count is not checked first',
      'nested[].inner: a list whose length is not checked first',
    ]);
  });
});
