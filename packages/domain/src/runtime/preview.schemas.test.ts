import { describe, expect, it } from 'vitest';
import { emptyPreviewForm, type PreviewFormValues, previewFormSchema } from './preview.schemas.ts';

// The preview form's texts become the request /api/runtime/preview takes, or name the field.

const form = (change: (values: PreviewFormValues) => void): PreviewFormValues => {
  const values = emptyPreviewForm();
  values.userId = 'player-1';
  change(values);
  return values;
};
const errorsOf = (values: PreviewFormValues) =>
  (previewFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('preview form', () => {
  it('leaves out what is not given: no context, level 1, now, the served content', () => {
    expect(previewFormSchema.parse(form(() => {}))).toEqual({
      userId: 'player-1',
      context: {},
      source: 'current',
    });
  });

  it('reads every property, the level, the time and the source', () => {
    const values = form((v) => {
      v.context = {
        Platform: 'ios',
        ClientVersion: ' 1.2.3 ',
        FirstCountry: 'de',
        Payer: 'false',
        PurchaseCount: '3',
        PurchaseAmount: '9.99',
      };
      v.level = '12';
      v.at = 1_900_000_000_000;
      v.source = { kind: 'revision', revision: '7', draftOfPlugin: '' };
    });
    expect(previewFormSchema.parse(values)).toEqual({
      userId: 'player-1',
      context: {
        Platform: 'ios',
        ClientVersion: '1.2.3',
        FirstCountry: 'DE',
        Payer: false,
        PurchaseCount: 3,
        PurchaseAmount: 9.99,
      },
      level: 12,
      at: 1_900_000_000_000,
      source: { revision: 7 },
    });
    const draft = form((v) => {
      v.source = { kind: 'draft', revision: '', draftOfPlugin: '4' };
    });
    expect(previewFormSchema.parse(draft).source).toEqual({ draftOfPlugin: 4 });
  });

  it('names the field of each mistake', () => {
    expect(errorsOf(form((v) => (v.userId = ' ')))).toEqual([['userId', 'userId must not be empty']]);
    expect(errorsOf(form((v) => (v.context.PurchaseCount = 'many')))).toEqual([
      ['context.PurchaseCount', 'context.PurchaseCount must be a whole number from 0 to 2147483647'],
    ]);
    expect(errorsOf(form((v) => (v.level = '-1')))[0]?.[0]).toBe('level');
    expect(errorsOf(form((v) => (v.at = Number.NaN)))[0]?.[0]).toBe('at');
    expect(errorsOf(form((v) => (v.source.kind = 'revision')))).toEqual([
      ['source.revision', 'revision must be a whole number of at least 1'],
    ]);
    expect(errorsOf(form((v) => (v.source.kind = 'draft')))).toEqual([
      ['source.draftOfPlugin', 'plugin must be chosen'],
    ]);
  });
});
