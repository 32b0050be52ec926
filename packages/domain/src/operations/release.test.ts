import { describe, expect, it } from 'vitest';
import {
  createSetReleaseContentRequestSchema,
  formatKeyValue,
  parseKeyValue,
  releaseContentResponseSchema,
  setKeyValueRequestSchema,
  setReleaseClientRequestSchema,
} from './release.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('setReleaseContentRequestSchema', () => {
  let now = Date.UTC(2025, 0, 10, 12, 0);
  const schema = createSetReleaseContentRequestSchema(() => now);
  const body = (releaseInfo: Record<string, unknown>) => ({
    releaseInfo: { nextReleaseTimeMs: 0, maxLevel: 10, nextMaxLevel: 20, ...releaseInfo },
  });

  it('accepts a time in the window and none', () => {
    expect(schema.parse(body({ nextReleaseTimeMs: now + 900_000 })).releaseInfo.nextReleaseTimeMs).toBe(
      now + 900_000,
    );
    expect(schema.safeParse(body({})).success).toBe(true);
  });
  it('names the field for level rules', () => {
    expect(messagesOf(schema.safeParse(body({ maxLevel: 0 })))).toEqual(['maxLevel must be at least 1']);
    expect(messagesOf(schema.safeParse(body({ nextMaxLevel: 1.5 })))).toEqual([
      'nextMaxLevel must be a whole number',
    ]);
    expect(messagesOf(schema.safeParse(body({ maxLevel: '3' })))).toEqual(['maxLevel must be a number']);
  });
  it('refuses off-step and out-of-window times on nextReleaseTimeMs', () => {
    const offStep = schema.safeParse(body({ nextReleaseTimeMs: now + 60_000 }));
    expect(messagesOf(offStep)).toEqual(['nextReleaseTimeMs must be on a 15-minute step']);
    expect(offStep.error?.issues[0]?.path).toEqual(['releaseInfo', 'nextReleaseTimeMs']);
    expect(messagesOf(schema.safeParse(body({ nextReleaseTimeMs: Date.UTC(2025, 3, 10, 12, 15) })))).toEqual([
      'nextReleaseTimeMs must be at most three months ahead',
    ]);
    expect(messagesOf(schema.safeParse(body({ nextReleaseTimeMs: -900_000 })))).toEqual([
      'nextReleaseTimeMs must be at least 0',
    ]);
  });
  it('reports a fractional time once, as a field error', () => {
    expect(messagesOf(schema.safeParse(body({ nextReleaseTimeMs: now + 0.5 })))).toEqual([
      'nextReleaseTimeMs must be a whole number',
    ]);
  });
  it('reads the clock when parsing, not when built', () => {
    const time = now + 900_000;
    expect(schema.safeParse(body({ nextReleaseTimeMs: time })).success).toBe(true);
    now += 2 * 900_000;
    expect(messagesOf(schema.safeParse(body({ nextReleaseTimeMs: time })))).toEqual([
      'nextReleaseTimeMs must not be in the past',
    ]);
  });
  it('lets the get answer carry a release time that has passed', () => {
    expect(
      releaseContentResponseSchema.safeParse({ nextReleaseTimeMs: 900_000, maxLevel: 1, nextMaxLevel: 1 })
        .success,
    ).toBe(true);
  });
});

describe('setReleaseClientRequestSchema', () => {
  const parse = (releaseInfo: Record<string, unknown>) =>
    setReleaseClientRequestSchema.safeParse({ releaseInfo });

  it('defaults missing versions to 0.0.0', () => {
    expect(setReleaseClientRequestSchema.parse({ releaseInfo: {} }).releaseInfo).toEqual({
      remindVersion: '0.0.0',
      minimumVersion: '0.0.0',
    });
  });
  it('accepts 1 to 4 dot-separated numbers', () => {
    for (const version of ['1', '1.2', '1.2.3', '10.20.30.40', '0.0.0']) {
      expect(parse({ remindVersion: version, minimumVersion: version }).success, version).toBe(true);
    }
  });
  it('refuses other texts, naming the field', () => {
    for (const version of ['', '1.2.3-beta', 'v1.2', '1..2', '1.2.3.4.5', ' 1.2']) {
      expect(messagesOf(parse({ remindVersion: version })), version).toEqual([
        'remindVersion must be 1 to 4 numbers separated by dots, like 1.2.3',
      ]);
    }
  });
  it('refuses more than 36 characters', () => {
    expect(messagesOf(parse({ minimumVersion: '1'.repeat(37) }))).toContain(
      'minimumVersion must be at most 36 characters',
    );
  });
});

describe('key-value text', () => {
  const parse = (keyValue: unknown) => setKeyValueRequestSchema.safeParse({ keyValue });

  it.each(['', 'a=1;', 'a=1;b=;', 'feature.x=on;max-lives=5;', 'url=https://x/y;'])('accepts %j', (text) => {
    expect(parse(text).success).toBe(true);
  });
  it.each(['a=1', '=1;', 'a;', 'a=1=2;', 'a=1;;', ';', ' a=1;', 'a=b c;', 'a=1;\n', 'a==;'])(
    'refuses %j with the format message',
    (text) => {
      expect(messagesOf(parse(text))).toEqual([
        "keyValue must be pairs like key=value; with a non-empty key and no spaces, '=' or ';' inside",
      ]);
    },
  );
  it('refuses more than 36 characters', () => {
    const text = `k=${'v'.repeat(34)};`;
    expect(text).toHaveLength(37);
    expect(messagesOf(parse(text))).toContain('keyValue must be at most 36 characters');
    expect(parse(`k=${'v'.repeat(33)};`).success).toBe(true);
  });
  it('refuses a repeated key', () => {
    expect(messagesOf(parse('a=1;b=2;a=3;a=4;'))).toEqual(["keyValue has the key 'a' more than once"]);
  });
  it('parses pairs in order and formats them back', () => {
    const pairs = parseKeyValue('a=1;b=;');
    expect(pairs).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '' },
    ]);
    expect(formatKeyValue(pairs ?? [])).toBe('a=1;b=;');
    expect(parseKeyValue('')).toEqual([]);
    expect(parseKeyValue('a=1')).toBeUndefined();
  });
});
