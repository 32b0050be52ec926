import { describeFieldPath } from '@console/domain/api';
import fc from 'fast-check';
import type { z } from 'zod';
import { type JsonSchema, jsonSchemaOf, valueArbitrary } from './schema-arbitrary.ts';

// Oversized lists at every list field of a body: one over the field's limit by one, and one of 100,000
// elements (the size that took a second of CPU to refuse when lengths were checked after the elements).
// Each is refused 400 naming the field, or 413 when it does not fit the body limit.

/** The console's default body limit (BODY_LIMIT_BYTES), which the test apps keep. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** How many elements the huge list has: 100,000 nulls are about 500 KB, within the 1 MB body limit. */
export const HUGE_LIST_LENGTH = 100_000;

interface Step {
  key: string | number;
  /** The schema of the value at this step. */
  schema: JsonSchema;
}

export interface ListField {
  steps: Step[];
  maxItems: number | undefined;
  items: JsonSchema;
}

/** Every list field of a JSON Schema, each path once (through objects, lists, maps and union options). */
export function listFieldsOf(schema: JsonSchema): ListField[] {
  const found = new Map<string, ListField>();
  const visit = (node: JsonSchema, steps: Step[]) => {
    if (steps.length > 12) return; // a recursive schema is followed a few levels only
    for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
      visit(option, steps);
    const types = [node.type ?? []].flat();
    if (types.includes('array') && !node.prefixItems) {
      const items = node.items ?? {};
      const key = steps.map((step) => step.key).join('.');
      if (!found.has(key)) found.set(key, { steps, maxItems: node.maxItems, items });
      visit(items, [...steps, { key: 0, schema: items }]);
    }
    if (types.includes('object')) {
      for (const [key, property] of Object.entries(node.properties ?? {}))
        visit(property, [...steps, { key, schema: property }]);
      if (node.additionalProperties && typeof node.additionalProperties === 'object')
        visit(node.additionalProperties, [...steps, { key: 'k', schema: node.additionalProperties }]);
    }
  };
  visit(schema, []);
  return [...found.values()];
}

const sampleOf = (schema: JsonSchema, seed: number): unknown =>
  fc.sample(valueArbitrary(schema, 0), { seed, numRuns: 1 })[0];

/** `value` with `leaf` at the end of `steps`, the containers on the way made (well formed) where absent. */
function placedAt(value: unknown, steps: readonly Step[], leaf: unknown, seed: number): unknown {
  const [step, ...rest] = steps;
  if (!step) return leaf;
  if (typeof step.key === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[0] = placedAt(list.length > 0 ? list[0] : sampleOf(step.schema, seed), rest, leaf, seed);
    return list;
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  const current = (object as Record<string, unknown>)[step.key];
  (object as Record<string, unknown>)[step.key] = placedAt(
    current === undefined ? sampleOf(step.schema, seed) : current,
    rest,
    leaf,
    seed,
  );
  return object;
}

export interface OversizedListBody {
  /** The field, as a refusal names it (`activation.weeklyOffer`). */
  field: string;
  what: string;
  body: string;
}

/**
 * For every list field of `body`: a well-formed body but for that field, which holds its limit plus one
 * well-formed elements, and the same with 100,000 nulls.
 */
export function oversizedListBodies(body: z.ZodType, seed: number): OversizedListBody[] {
  const schema = jsonSchemaOf(body);
  const wellFormed = sampleOf(schema, seed);
  return listFieldsOf(schema).flatMap(({ steps, maxItems, items }) => {
    const field = describeFieldPath(steps.map((step) => step.key));
    const huge = {
      field,
      what: `${HUGE_LIST_LENGTH.toLocaleString('en-US')} nulls at ${field}`,
      leaf: Array(HUGE_LIST_LENGTH).fill(null),
    };
    const overByOne =
      maxItems === undefined || maxItems >= HUGE_LIST_LENGTH
        ? []
        : [
            {
              field,
              what: `${maxItems + 1} elements at ${field}`,
              leaf: Array(maxItems + 1).fill(sampleOf(items, seed)),
            },
          ];
    const bodies = [...overByOne, huge].map(({ leaf, ...request }) => ({
      ...request,
      body: JSON.stringify(placedAt(wellFormed, steps, leaf, seed)),
    }));
    // A list whose limit of elements does not fit the body limit is refused 413 before it is read: sending
    // it would test nothing the huge list does not
    return bodies.filter((request) => request.body.length <= BODY_LIMIT_BYTES);
  });
}

/**
 * For every list field of `body`: the list at its limit (or as many as fit the body limit), every element
 * an empty object, so that each element is wrong in every field it has (for the benchmark of refusals).
 */
export function wrongElementBodies(body: z.ZodType, seed: number): OversizedListBody[] {
  const schema = jsonSchemaOf(body);
  const wellFormed = sampleOf(schema, seed);
  return listFieldsOf(schema).flatMap(({ steps, maxItems }) => {
    const field = describeFieldPath(steps.map((step) => step.key));
    const count = Math.min(maxItems ?? HUGE_LIST_LENGTH, BODY_LIMIT_BYTES / 4);
    const leaf = Array.from({ length: count }, () => ({}));
    return [
      {
        field,
        what: `${count} wrong elements at ${field}`,
        body: JSON.stringify(placedAt(wellFormed, steps, leaf, seed)),
      },
    ];
  });
}
