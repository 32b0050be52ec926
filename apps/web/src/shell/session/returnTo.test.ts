import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, returnPathOf } from './returnTo.ts';

const returnOf = (path: string) => returnPathOf(new URLSearchParams({ returnTo: path }));

describe('the page signing in returns to', () => {
  it('carries the page with its query, and nothing for the start page', () => {
    expect(loginPathReturningTo('/login', '/release?tab=1')).toBe('/login?returnTo=%2Frelease%3Ftab%3D1');
    expect(loginPathReturningTo('/login', '/')).toBe('/login');
    expect(returnPathOf(new URLSearchParams('returnTo=%2Frelease%3Ftab%3D1'))).toBe('/release?tab=1');
  });

  it("returns only to the console's own paths", () => {
    expect(returnPathOf(new URLSearchParams())).toBe('/');
    for (const outside of ['//evil.example', '/\\evil.example', 'https://evil.example', 'release', ''])
      expect(returnOf(outside)).toBe('/');
  });
});
