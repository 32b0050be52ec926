import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_ID_PATTERN, newEnvironmentIdSchema, sanitizeEnvironmentId } from './environment.ts';

describe('sanitizeEnvironmentId', () => {
  it.each([
    ['qa-1', 'qa-1'],
    ['QA europe 2', 'QA-europe-2'],
    ['tab\there', 'tab-here'],
    ['stage: 5!', 'stage-5'],
    ['préprod', 'preprod'],
    ['\u05e9\u05dc\u05d5\u05dd', ''], // right-to-left letters
    ['qa\u202eved', 'qaved'], // a right-to-left override
    ['x'.repeat(65), 'x'.repeat(36)],
    ['stable ', 'stable-'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeEnvironmentId(input)).toBe(expected);
  });

  it('is idempotent, and what it keeps is an id the server takes (the pattern of environmentIdSchema)', () => {
    for (const input of [
      'A b!c',
      ' é ',
      'x'.repeat(70),
      'a\u00a0b',
      'release candidate qa europe west 2026',
    ]) {
      const once = sanitizeEnvironmentId(input);
      expect(sanitizeEnvironmentId(once)).toBe(once);
      expect(ENVIRONMENT_ID_PATTERN.test(once)).toBe(true);
      expect(newEnvironmentIdSchema.safeParse(once).success).toBe(true);
    }
  });
});
