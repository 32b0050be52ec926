import { describe, expect, it } from 'vitest';
import { NICE_REDACTED_TEXT, redactNiceConfig, setNiceConfigRequestSchema } from './nice.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('NICE config', () => {
  it('accepts a token up to 512 characters, and empty', () => {
    expect(setNiceConfigRequestSchema.safeParse({ niceConfig: { authToken: 'a'.repeat(512) } }).success).toBe(
      true,
    );
    expect(setNiceConfigRequestSchema.safeParse({ niceConfig: { authToken: '' } }).success).toBe(true);
  });
  it('refuses longer tokens and whitespace', () => {
    expect(
      messagesOf(setNiceConfigRequestSchema.safeParse({ niceConfig: { authToken: 'a'.repeat(513) } })),
    ).toEqual(['authToken must be at most 512 characters']);
    expect(
      messagesOf(setNiceConfigRequestSchema.safeParse({ niceConfig: { authToken: 'abc def' } })),
    ).toEqual(['authToken must not contain spaces or line breaks']);
  });
  it('redacts the token value', () => {
    expect(redactNiceConfig({ authToken: 'secret-value' })).toEqual({ authToken: NICE_REDACTED_TEXT });
    expect(JSON.stringify(redactNiceConfig({ authToken: 'secret-value' }))).not.toContain('secret');
    expect(redactNiceConfig({ authToken: '' })).toEqual({ authToken: '' });
  });
});
