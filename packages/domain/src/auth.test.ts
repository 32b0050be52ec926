import { describe, expect, it } from 'vitest';
import { isAllowedEmailDomain, SIGN_IN_REFUSALS, signInButtonText } from './auth.ts';
import { consoleReturnPath } from './return-path.ts';

describe('sign-in rules', () => {
  it("return only to the console's own paths, bounded", () => {
    for (const own of ['/', '/release?tab=1', '/abtest/a%20b', `/${'x'.repeat(1023)}`]) {
      expect(consoleReturnPath(own), own).toBe(own);
    }
    const outside = [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'release',
      '',
      '/\t/evil.example',
    ];
    for (const path of [...outside, '/a b', '/\n', `/${'x'.repeat(1024)}`, null, undefined, ['/a']]) {
      expect(consoleReturnPath(path), String(path)).toBe('/');
    }
  });

  it('allow only addresses of the listed domains, exactly, and any address when none is listed', () => {
    const vectors: [email: string, domains: string[], isAllowed: boolean][] = [
      ['a@studio.com', ['studio.com'], true],
      ['a@Studio.COM', ['studio.com'], true],
      ['a@evil.com', ['studio.com'], false],
      // A subdomain or a look-alike is another domain.
      ['a@eu.studio.com', ['studio.com'], false],
      ['a@studio.com.evil.com', ['studio.com'], false],
      // The domain is what follows the last '@'.
      ['studio.com@evil.com', ['studio.com'], false],
      ['a@example.org', ['studio.com', 'example.org'], true],
      ['a@any.com', [], true],
    ];
    for (const [email, domains, isAllowed] of vectors) {
      expect(isAllowedEmailDomain(email, domains), `${email} in ${domains.join(',')}`).toBe(isAllowed);
    }
  });

  it('name the provider on the login button and say every refusal in words', () => {
    expect(signInButtonText({ name: 'Okta', loginPath: '/oauth/login/oidc' })).toBe('Sign in with Okta');
    for (const message of Object.values(SIGN_IN_REFUSALS)) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});
