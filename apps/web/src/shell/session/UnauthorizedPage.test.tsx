import { SIGN_IN_REFUSALS } from '@console/domain/auth';
import { MESSAGES } from '@console/domain/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const GOOGLE = { name: 'Google', loginPath: '/oauth/login/google' };

function signedOutConsole(options: { devLogin: boolean; provider: typeof GOOGLE | null }) {
  let isSignedIn = false;
  const api = fakeApi({
    '/api/configuration/list': () => (isSignedIn ? ok(['dev']) : fail(401, MESSAGES.notLoggedIn)),
    '/api/auth/me': () => (isSignedIn ? signedInAs('op@example.com') : fail(401, MESSAGES.notLoggedIn)),
    '/oauth/options': () => ok(options),
    '/oauth/session': () => ok(isSignedIn ? { email: 'op@example.com' } : null),
    '/oauth/login/dev': () => {
      isSignedIn = true;
      return ok({ email: 'op@example.com' });
    },
  });
  return api;
}

const goToLogin = () => screen.getByRole('link', { name: 'Go to Login' });

// 'Go to Login' leads to the sign-in the console actually has.
describe("the 401 page's 'Go to Login'", () => {
  it('leads to the login page on a console with dev login, which signs in without a refusal', async () => {
    const api = signedOutConsole({ devLogin: true, provider: null });
    renderApp('/abtest');
    await screen.findByText(MESSAGES.notLoggedIn);
    await waitFor(() => expect(api.callsTo('/oauth/options')).toHaveLength(1));
    // Signing in returns to the page the 401 interrupted.
    expect(goToLogin().getAttribute('href')).toBe('/login?returnTo=%2Fabtest');

    await userEvent.click(goToLogin());
    await userEvent.type(await screen.findByLabelText(/E-mail/), 'op@example.com');
    expect(screen.queryByText(SIGN_IN_REFUSALS['not-configured'])).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in locally' }));
    expect(await screen.findByRole('button', { name: /^Environment:/ })).toBeTruthy();
    expect(window.location.pathname).toBe('/abtest');
  });

  it('leads to the login page when a provider other than Google is configured', async () => {
    signedOutConsole({ devLogin: false, provider: { name: 'Studio SSO', loginPath: '/oauth/login/oidc' } });
    renderApp('/abtest');
    await screen.findByText(MESSAGES.notLoggedIn);
    await userEvent.click(goToLogin());
    expect(await screen.findByRole('link', { name: 'Sign in with Studio SSO' })).toBeTruthy();
  });

  it("leads to the product's /oauth/login/google when Google is the console's only way in", async () => {
    const api = signedOutConsole({ devLogin: false, provider: GOOGLE });
    renderApp('/abtest');
    await screen.findByText(MESSAGES.notLoggedIn);
    await waitFor(() =>
      expect(goToLogin().getAttribute('href')).toBe('/oauth/login/google?returnTo=%2Fabtest'),
    );
    expect(api.callsTo('/oauth/options')).toHaveLength(1);
  });
});
