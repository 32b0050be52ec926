import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { abTestIdSchema } from '../abtest/abtest-id.ts';
import { configIdSchema } from '../config/config-item.schemas.ts';
import { newEnvironmentIdSchema } from '../environment.ts';
import { userIdSchema } from '../operations/fields.ts';
import { createRuntimeKeyRequestSchema } from '../operations/runtime-keys.ts';
import {
  findInvisibleFormatting,
  isReservedIdentifier,
  RESERVED_IDENTIFIERS,
  visibleIdentifier,
} from './identifier-text.ts';

describe('identifiers without invisible formatting', () => {
  it.each([
    ['player-42', null],
    ['joueur_été', null],
    ['名前', null],
    ['emoji 😀', null],
    ['abc\u202Edef', 'U+202E'],
    ['\u202Aembedding', 'U+202A'],
    ['isolate\u2066x\u2069', 'U+2066'],
    ['mark\u200Fright-to-left', 'U+200F'],
    ['zero\u200Bwidth', 'U+200B'],
    ['joiner\u200D', 'U+200D'],
    ['word\u2060joiner', 'U+2060'],
    ['\uFEFFbom', 'U+FEFF'],
    ['arabic\u061Cmark', 'U+061C'],
    ['tag\u{E0041}', 'U+E0041'],
  ])('%j: %s', (text, codePoint) => {
    const problem = findInvisibleFormatting(text);
    if (codePoint === null) expect(problem).toBeNull();
    else
      expect(problem).toBe(
        `must not contain bidirectional controls or zero-width characters (found ${codePoint})`,
      );
  });

  it('refuses them in a field, naming it', () => {
    const schema = visibleIdentifier(z.string().max(10), 'name');
    expect(schema.safeParse('ok').success).toBe(true);
    const refused = schema.safeParse('a\u202Eb');
    expect(refused.error?.issues[0]?.message).toBe(
      'name must not contain bidirectional controls or zero-width characters (found U+202E)',
    );
    expect(userIdSchema.safeParse('player\u200B1').error?.issues[0]?.message).toMatch(
      /^userId must not contain/,
    );
  });
});

describe('ids JavaScript gives a meaning of its own', () => {
  it('are every member of Object.prototype and the words JavaScript reads as values', () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype))
      expect(isReservedIdentifier(name)).toBe(true);
    for (const word of ['NaN', 'Infinity', '-Infinity', 'undefined', 'null', 'true', 'false']) {
      expect(isReservedIdentifier(word)).toBe(true);
    }
    expect(RESERVED_IDENTIFIERS.has('__proto__')).toBe(true);
    for (const plain of ['dev', 'prod', 'Constructor', 'nan', 'to-string', '2024', 'proto']) {
      expect(isReservedIdentifier(plain)).toBe(false);
    }
  });

  it('are refused as every id an operator chooses, naming the field and the rule', () => {
    const newIds = [
      [newEnvironmentIdSchema, ''],
      [abTestIdSchema, 'AB-test ID '],
      [configIdSchema, 'Configuration ID '],
      [createRuntimeKeyRequestSchema.shape.name, 'name '],
    ] as const;
    for (const [schema, label] of newIds) {
      for (const name of RESERVED_IDENTIFIERS) {
        const result = schema.safeParse(name);
        expect(result.success, `${label}${name}`).toBe(false);
      }
      expect(schema.safeParse('valueOf').error?.issues.map((issue) => issue.message)).toEqual([
        `${label}must not be a name JavaScript gives a meaning of its own (such as constructor, __proto__, NaN)`,
      ]);
      expect(schema.parse('qa-1')).toBe('qa-1');
    }
  });

  it('are refused as the id of a new environment, naming the rule', () => {
    for (const name of RESERVED_IDENTIFIERS) {
      const result = newEnvironmentIdSchema.safeParse(name);
      expect(result.success, name).toBe(false);
    }
    expect(newEnvironmentIdSchema.safeParse('constructor').error?.issues[0]?.message).toBe(
      'must not be a name JavaScript gives a meaning of its own (such as constructor, __proto__, NaN)',
    );
    expect(newEnvironmentIdSchema.parse('qa-1')).toBe('qa-1');
  });
});
