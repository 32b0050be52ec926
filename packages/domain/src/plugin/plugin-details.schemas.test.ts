import { describe, expect, it } from 'vitest';
import {
  activateDraftRequestSchema,
  MAX_DRAFT_ENTRIES,
  saveDraftRequestSchema,
  setPluginDescriptionRequestSchema,
} from './plugin-details.schemas.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

const draft = (configurations: unknown, extra: Record<string, unknown> = {}) =>
  saveDraftRequestSchema.safeParse({ pluginId: 4, configurations, draftRevision: 0, ...extra });

describe('the autosave request (/api/plugin/draft/abtest)', () => {
  it('takes the whole draft with the draft revision it was edited from', () => {
    const entries = [{ abTestId: 'spring', abTestVersion: 1, configurations: ['', 'a', 'b'] }];
    expect(draft(entries, { baseRevision: 3 })).toMatchObject({
      success: true,
      data: { pluginId: 4, configurations: entries, draftRevision: 0, baseRevision: 3 },
    });
    expect(draft([])).toMatchObject({ success: true });
  });

  it('refuses a configuration chosen for two cases of one entry (one id per entry)', () => {
    const entries = [{ abTestId: 'spring', abTestVersion: 1, configurations: ['a', 'b', 'a', '', ''] }];
    expect(messagesOf(draft(entries))).toEqual([
      "Configuration 'a' is chosen for more than one case of AB-test 'spring'",
    ]);
  });

  it('allows the same configuration in different entries, and several empty cases', () => {
    const entries = [
      { abTestId: 'one', abTestVersion: 0, configurations: ['a', '', ''] },
      { abTestId: 'two', abTestVersion: 0, configurations: ['a', ''] },
    ];
    expect(draft(entries).success).toBe(true);
  });

  it('refuses an A/B-test added twice', () => {
    const entries = [
      { abTestId: 'one', abTestVersion: 0, configurations: [] },
      { abTestId: 'one', abTestVersion: 1, configurations: [] },
    ];
    expect(messagesOf(draft(entries))).toEqual(["AB-test 'one' is added to the draft twice"]);
  });

  it('names the fields it refuses', () => {
    expect(messagesOf(draft([], { draftRevision: undefined }))).toEqual(['draftRevision must be a number']);
    expect(messagesOf(draft([{ abTestId: '', abTestVersion: -1, configurations: [7] }]))).toEqual([
      'AB-test ID must not be empty',
      'abTestVersion must be at least 0',
      'each configuration must be a configuration id or an empty text',
    ]);
    const tooMany = Array.from({ length: MAX_DRAFT_ENTRIES + 1 }, (_, index) => ({
      abTestId: `t${index}`,
      abTestVersion: 0,
      configurations: [],
    }));
    expect(messagesOf(draft(tooMany))).toEqual(['a draft has at most 50 A/B-tests']);
    expect(messagesOf(draft([], { pluginId: 0 }))).toEqual(['pluginId 0 is not a known plugin']);
  });
});

describe('other plugin details requests', () => {
  it('activation names the draft revision it validated', () => {
    expect(activateDraftRequestSchema.safeParse({ pluginId: 4, draftRevision: 2 }).success).toBe(true);
    expect(messagesOf(activateDraftRequestSchema.safeParse({ pluginId: 4 }))).toEqual([
      'draftRevision must be a number',
    ]);
  });

  it('the description is trimmed and at most 100 characters', () => {
    expect(
      setPluginDescriptionRequestSchema.parse({ pluginId: 4, description: '  Duel  ' }).description,
    ).toBe('Duel');
    expect(
      messagesOf(setPluginDescriptionRequestSchema.safeParse({ pluginId: 4, description: 'x'.repeat(101) })),
    ).toEqual(['description must be at most 100 characters']);
  });
});
