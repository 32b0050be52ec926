import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ENDPOINTS } from '../endpoints/index.ts';
import { boundedArray } from './bounded.ts';
import { parseRequest } from './request-parse.ts';

const entry = z.object({ id: z.number(), name: z.string().max(10), active: z.boolean() });
const body = z.object({ entries: boundedArray(entry, 10_000) });

const messagesOf = (result: ReturnType<typeof parseRequest>) =>
  result.success ? [] : result.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('parseRequest', () => {
  it('stops at the first mistake: 10,000 entries wrong in every field are one issue, not 30,000', () => {
    const sent = { entries: Array.from({ length: 10_000 }, () => ({})) };
    expect(body.safeParse(sent).error?.issues).toHaveLength(30_000);
    expect(messagesOf(parseRequest(body, sent))).toEqual([
      'entries.0.id: Invalid input: expected number, received undefined',
    ]);
  });

  it('answers the parsed value, defaults and transforms applied, for a body without mistakes', () => {
    const schema = z.object({ name: z.string().max(10).trim(), level: z.number().default(1) });
    expect(parseRequest(schema, { name: ' a ' })).toEqual({ success: true, data: { name: 'a', level: 1 } });
  });

  it('still names an unknown field of a strict object when it leaves a field missing', () => {
    const schema = z.strictObject({ ids: z.array(z.number()).max(3) });
    expect(messagesOf(parseRequest(schema, { id: [1] }))).toEqual([
      ': Unrecognized key: "id"',
      'ids: Invalid input: expected array, received undefined',
    ]);
    const nested = z.object({ page: z.strictObject({ offset: z.number(), limit: z.number() }) });
    expect(messagesOf(parseRequest(nested, { page: { offset: 0, limt: 5 } }))[0]).toBe(
      'page: Unrecognized key: "limt"',
    );
  });

  it('refuses the import of a file of 30,000 wrong items with one issue', () => {
    const importPreview = ALL_ENDPOINTS.find(
      (endpoint) => endpoint.path === '/api/configuration/import/preview',
    )!;
    const items = Array.from({ length: 10_000 }, () => ({}));
    const file = {
      format: 1,
      environment: 'dev',
      groups: { 'Release info': [], Plugins: items, 'A/B-tests': items, Configurations: items },
    };
    const result = parseRequest(importPreview.body, { file, to: 'dev', mode: 'merge' });
    expect(result.success ? [] : result.issues).toHaveLength(1);
  });
});
