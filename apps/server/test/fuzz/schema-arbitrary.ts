import fc from 'fast-check';
import { z } from 'zod';
import { hostileNumbers, hostileValue, withHostileText } from './hostile-values.ts';

/** The part of JSON Schema that z.toJSONSchema writes for this API's request schemas. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/**
 * A route's request schema as JSON Schema, the way the OpenAPI document shows it: the zod schema's
 * input side, refinements and transforms left out (they only make more of the generated values
 * invalid, which a fuzzer wants anyway).
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

// Small values keep the requests cheap; the hostile values bring the long and deep ones.
const MAX_TEXT = 24;
const MAX_ITEMS = 4;

const SAFE_TEXT = fc.string({ maxLength: MAX_TEXT, unit: 'grapheme' });

function textArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern, { size: 'xsmall' })
      .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
  }
  if (schema.format === 'email') return fc.emailAddress({ size: 'xsmall' });
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function numberArbitrary(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  if (isInteger) {
    return fc.integer({
      min: Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER),
      max: Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: JsonSchema, hostility: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const entries = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, valueArbitrary(property, hostility)]),
  );
  const required = (schema.required ?? []).filter((key) => key in properties);
  const record = fc.record(entries, { requiredKeys: required });
  if (!schema.additionalProperties || typeof schema.additionalProperties !== 'object') return record;
  // A record (z.record): a few keys of its own beside any declared ones.
  const extra = fc.dictionary(SAFE_TEXT, valueArbitrary(schema.additionalProperties, hostility), {
    maxKeys: MAX_ITEMS,
  });
  return fc.tuple(record, extra).map(([declared, added]) => ({ ...added, ...declared }));
}

function arrayArbitrary(schema: JsonSchema, hostility: number): fc.Arbitrary<unknown[]> {
  if (schema.prefixItems)
    return fc.tuple(...schema.prefixItems.map((item) => valueArbitrary(item, hostility)));
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS));
  return fc.array(valueArbitrary(schema.items ?? {}, hostility), { minLength, maxLength });
}

/** Values the schema accepts (as far as JSON Schema says), without any hostile part. */
function wellFormedArbitrary(schema: JsonSchema, hostility: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueArbitrary(choice, hostility)));
  if (schema.allOf?.[0]) return valueArbitrary(schema.allOf[0], hostility);
  const types = [schema.type ?? []].flat();
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => wellFormedArbitrary({ ...schema, type }, hostility)));
  }
  switch (types[0]) {
    case 'string':
      return textArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema, hostility);
    case 'object':
      return objectArbitrary(schema, hostility);
    default:
      // An unrepresentable part (z.any, z.custom): any JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A hostile value aimed at this node: its own kind with hostile text or numbers, or anything else. */
function hostileArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = [schema.type ?? []].flat();
  const aimed: fc.Arbitrary<unknown>[] = [];
  if (types.includes('string')) aimed.push(withHostileText(textArbitrary(schema)));
  if (types.includes('number') || types.includes('integer')) aimed.push(hostileNumbers);
  return aimed.length ? fc.oneof(...aimed, hostileValue) : hostileValue;
}

/**
 * Values shaped by the schema, where each node is, with the probability `hostility`, replaced by a
 * hostile value: the shape gets the request past the first checks, the hostile parts test what
 * comes after them.
 */
export function valueArbitrary(schema: JsonSchema, hostility: number): fc.Arbitrary<unknown> {
  const wellFormed = wellFormedArbitrary(schema, hostility);
  if (hostility <= 0) return wellFormed;
  const weight = Math.max(1, Math.round(1 / hostility) - 1);
  return fc.oneof({ arbitrary: wellFormed, weight }, { arbitrary: hostileArbitrary(schema), weight: 1 });
}
