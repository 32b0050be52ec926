import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { fieldOfServerError, showServerFieldError } from './serverFieldError.ts';

const FIELDS = ['name', 'url', 'events'] as const;
const badRequest = (message: string) => new ApiError('bad-request', message, 400);

describe("a server's 400 on its field", () => {
  it('names the field the message starts with, a list for its element', () => {
    expect(fieldOfServerError(badRequest('url: must start with https://'), FIELDS)).toEqual({
      field: 'url',
      message: 'must start with https://',
    });
    expect(fieldOfServerError(badRequest('events.2: Invalid option'), FIELDS)).toEqual({
      field: 'events',
      message: 'Invalid option',
    });
  });

  it("names the field a server's own rule starts its message with", () => {
    expect(
      fieldOfServerError(badRequest('url must reach a public address: x resolves to 10.0.0.1'), FIELDS),
    ).toEqual({
      field: 'url',
      message: 'url must reach a public address: x resolves to 10.0.0.1',
    });
    expect(fieldOfServerError(badRequest("url's host x.invalid could not be resolved"), FIELDS)).toEqual({
      field: 'url',
      message: "url's host x.invalid could not be resolved",
    });
  });

  it('names no field for another field, a message without one, or another status', () => {
    expect(fieldOfServerError(badRequest('format: Invalid option'), FIELDS)).toBeUndefined();
    expect(fieldOfServerError(badRequest('urlx: too long'), FIELDS)).toBeUndefined();
    expect(fieldOfServerError(badRequest('urls must be few'), FIELDS)).toBeUndefined();
    expect(fieldOfServerError(badRequest('Invalid request'), FIELDS)).toBeUndefined();
    expect(fieldOfServerError(new ApiError('http', 'url: exists', 409), FIELDS)).toBeUndefined();
    expect(fieldOfServerError(new Error('url: oops'), FIELDS)).toBeUndefined();
  });

  it("sets the field's error with its label and focuses it, or leaves the refusal to the caller", () => {
    const set: unknown[] = [];
    const setError = (...args: unknown[]) => void set.push(args);
    const labels = { url: 'URL' };
    expect(showServerFieldError(badRequest('url: url must be https'), setError, [...FIELDS], labels)).toBe(
      true,
    );
    expect(showServerFieldError(badRequest('Invalid request'), setError, [...FIELDS], labels)).toBe(false);
    expect(set).toEqual([['url', { type: 'server', message: 'URL must be https' }, { shouldFocus: true }]]);
  });
});
