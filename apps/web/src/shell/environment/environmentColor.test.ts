import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme, themeForEnvironment } from '../theme/theme.ts';
import { environmentColor, toCssColor } from './environmentColor.ts';

describe('environment indicator colour', () => {
  it.each([
    ['dev', [0, 200, 100]],
    ['stable', [200, 200, 0]],
    ['prod', [200, 50, 0]],
    ['qa', [180, 100, 200]],
    ['Prod', [180, 100, 200]],
    ['constructor', [180, 100, 200]],
    ['prod~cr-12', [200, 50, 0]],
    ['dev~cr-3', [0, 200, 100]],
    ['prod~cr-x', [180, 100, 200]],
  ])('%s is %j', (environment, rgb) => {
    expect(environmentColor(environment)).toEqual(rgb);
  });

  it('is written as a CSS rgb() colour', () => {
    expect(toCssColor(environmentColor('prod'))).toBe('rgb(200, 50, 0)');
  });
});

describe('theme', () => {
  it('is dark for prod only', () => {
    expect(themeForEnvironment('prod')).toBe(darkTheme);
    expect(darkTheme.palette.mode).toBe('dark');
    for (const environment of ['dev', 'stable', 'qa', 'production']) {
      expect(themeForEnvironment(environment)).toBe(lightTheme);
    }
    expect(lightTheme.palette.mode).toBe('light');
  });

  it('is dark inside a change request of prod', () => {
    expect(themeForEnvironment('prod~cr-12')).toBe(darkTheme);
    expect(themeForEnvironment('stable~cr-12')).toBe(lightTheme);
  });
});
