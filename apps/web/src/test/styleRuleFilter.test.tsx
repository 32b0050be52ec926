// biome-ignore lint/correctness/noNodejsModules: reads jsdom's default style sheet to check the filter against it too
import { readFileSync } from 'node:fs';
// biome-ignore lint/correctness/noNodejsModules: finds jsdom's default style sheet
import { createRequire } from 'node:module';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from './fakeApi.ts';
import { onePage } from './fakeSearch.ts';
import { renderApp } from './renderApp.tsx';
import { cannotMatch, filterStyleRules, subjectRequirements } from './styleRuleFilter.ts';

const styleRules = (): CSSStyleRule[] =>
  Array.from(document.styleSheets)
    .flatMap((sheet) =>
      Array.from(sheet.cssRules).flatMap((rule) =>
        rule instanceof CSSMediaRule ? Array.from(rule.cssRules) : [rule],
      ),
    )
    .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule);

describe('the style rule filter of the test setup', () => {
  it('is in place on the test document', () => {
    expect(filterStyleRules(document)).toBe(true);
  });

  it('reads the tag, classes and attributes the subject of each selector needs', () => {
    const needs = (tag: string | null, classes: string[], attributes: string[] = []) => ({
      tag,
      classes,
      attributes,
    });
    expect(subjectRequirements('.css-1x2y')).toEqual([needs(null, ['css-1x2y'])]);
    expect(subjectRequirements('.css-a.Mui-disabled, .b > P.c:hover')).toEqual([
      needs(null, ['css-a', 'Mui-disabled']),
      needs('p', ['c']),
    ]);
    expect(subjectRequirements('.a .b:not(.c)')).toEqual([needs(null, ['b'])]);
    expect(subjectRequirements('td, th')).toEqual([needs('td', []), needs('th', [])]);
    expect(subjectRequirements('.a ~ .b::before')).toEqual([needs(null, ['b'])]);
    expect(subjectRequirements('.a:is(.b, .c) [data-x~="e. f]"][hidden]')).toEqual([
      needs(null, [], ['data-x', 'hidden']),
    ]);
    expect(subjectRequirements('.b[aria-disabled="true"] > input[type=tel i]')).toEqual([
      needs('input', [], ['type']),
    ]);
    expect(subjectRequirements('.a, :focus-visible')).toBeNull();
    expect(subjectRequirements('.a > *')).toBeNull();
    expect(subjectRequirements('.a\\:b')).toBeNull();
    expect(subjectRequirements('svg|a')).toBeNull();
    expect(subjectRequirements('[lang|=en]')).toBeNull();
  });

  it('rules out only rules that cannot match, over every element and rule of a rendered screen', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/audit/search': () => onePage([]),
    });
    renderApp('/audit');
    await screen.findByText('No audit entries');
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await screen.findAllByRole('option');

    // jsdom's own default rules (by tag, mostly) apply too, though not through document.styleSheets
    const defaultSheet = document.createElement('style');
    defaultSheet.textContent = readFileSync(
      createRequire(import.meta.url).resolve('jsdom/lib/jsdom/browser/default-stylesheet.css'),
      'utf8',
    );
    document.head.append(defaultSheet);
    const rules = styleRules();
    const elements = Array.from(document.querySelectorAll('*'));
    let ruledOut = 0;
    for (const rule of rules) {
      const requirements = subjectRequirements(rule.selectorText);
      const isRuledOut = (element: Element) => cannotMatch(requirements, element);
      ruledOut += elements.filter(isRuledOut).length;
      // a rule for a pseudo-element matches no element itself
      if (rule.selectorText.includes('::')) continue;
      const matching = Array.from(document.querySelectorAll(rule.selectorText));
      expect(matching.filter(isRuledOut), rule.selectorText).toEqual([]);
    }
    // the screen has MUI's styles, and the filter spares most of the matching
    expect(rules.length).toBeGreaterThan(50);
    expect(ruledOut).toBeGreaterThan((rules.length * elements.length) / 2);
    defaultSheet.remove();
  });
});
