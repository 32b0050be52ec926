import type { FieldErrors, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { labelFieldErrors, labelMessage, withFieldLabels } from './fieldLabels.ts';

describe('field labels in messages', () => {
  it("replaces the wire name a message starts with by the field's label", () => {
    expect(labelMessage('maxLevel must be at least 1', 'maxLevel', 'Max level')).toBe(
      'Max level must be at least 1',
    );
    expect(labelMessage("keyValue has the key 'a' more than once", 'keyValue', 'Key-value')).toBe(
      "Key-value has the key 'a' more than once",
    );
  });

  it('leaves a message alone without a label, or when it only starts like the name', () => {
    expect(labelMessage('maxLevel must be at least 1', 'maxLevel', undefined)).toBe(
      'maxLevel must be at least 1',
    );
    expect(labelMessage('maxLevelAfter must be a number', 'maxLevel', 'Max level')).toBe(
      'maxLevelAfter must be a number',
    );
    expect(labelMessage('Choose an item', 'item', 'Item')).toBe('Choose an item');
  });

  it('relabels nested and array errors by their own field names, keeping type and ref', () => {
    const ref = { name: 'streak' };
    const errors = {
      streak: { type: 'too_big', message: 'streak must be at most 4', ref },
      releaseInfo: { maxLevel: { type: 'too_small', message: 'maxLevel must be at least 1' } },
      cases: [{ weight: { type: 'custom', message: 'weight must be a number' } }],
    } as unknown as FieldErrors;
    const labelled = labelFieldErrors(errors, { streak: 'Streak', maxLevel: 'Max level', weight: 'Weight' });
    expect(labelled).toEqual({
      streak: { type: 'too_big', message: 'Streak must be at most 4', ref },
      releaseInfo: { maxLevel: { type: 'too_small', message: 'Max level must be at least 1' } },
      cases: [{ weight: { type: 'custom', message: 'Weight must be a number' } }],
    });
    expect((labelled.streak as { ref: unknown }).ref).toBe(ref);
  });

  it('wraps a resolver: values pass through, messages get labels', async () => {
    const resolver: Resolver<{ level: number }> = async () => ({
      values: {},
      errors: { level: { type: 'too_small', message: 'level must be at least 1' } },
    });
    const result = await withFieldLabels(resolver, { level: 'Level' })({ level: 0 }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toEqual({ level: { type: 'too_small', message: 'Level must be at least 1' } });
  });
});
