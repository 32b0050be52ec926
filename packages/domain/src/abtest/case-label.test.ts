import { describe, expect, it } from 'vitest';
import { caseLabel, caseLabels } from './case-label.ts';

describe('case names', () => {
  it.each([
    [0, 'Case 1 (control)'],
    [1, 'Case 2'],
    [9, 'Case 10'],
  ])('case index %i reads %s', (caseIndex, label) => {
    expect(caseLabel(caseIndex)).toBe(label);
  });

  it.each([
    [[], ''],
    [[2], 'Case 3'],
    [[2, 0], 'Case 1 (control) and Case 3'],
    [[3, 1, 2], 'Case 2, Case 3 and Case 4'],
  ])('cases %j read %s', (caseIndexes, text) => {
    expect(caseLabels(caseIndexes)).toBe(text);
  });
});
