import { describe, expect, it } from 'vitest';
import { closeConnectionRequestSchema } from './connections.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('connections', () => {
  it('closes by a non-empty id', () => {
    expect(closeConnectionRequestSchema.parse({ id: 'session-1' })).toEqual({ id: 'session-1' });
    expect(messagesOf(closeConnectionRequestSchema.safeParse({ id: '' }))).toEqual(['id must not be empty']);
  });
});
