import type { AuthOptions } from '@console/domain/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const OKTA = { name: 'Okta', loginPath: '/oauth/login/oidc' };
const GOOGLE = { name: 'Google', loginPath: '/oauth/login/google' };

const signedInConsole = (options: AuthOptions) =>
  fakeApi({
    '/oauth/options': () => ok(options),
    '/oauth/login/dev': ({ body }) => ok(body),
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(['dev']),
  });

describe('login page', () => {
  it('signs in locally when the server offers dev login, then opens the console', async () => {
    const api = signedInConsole({ devLogin: true, provider: null });
    renderApp('/login');
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'op@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in locally' }));

    expect(await screen.findByRole('heading', { name: 'Orchestrate your game servers' })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(api.callsTo('/oauth/login/dev').map((call) => call.body)).toEqual([{ email: 'op@example.com' }]);
  });

  it('checks the e-mail before sending it', async () => {
    const api = signedInConsole({ devLogin: true, provider: GOOGLE });
    renderApp('/login');
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in locally' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(api.callsTo('/oauth/login/dev')).toEqual([]);
  });

  it('offers only the configured provider when dev login is off, as one button leading to its sign-in', async () => {
    signedInConsole({ devLogin: false, provider: OKTA });
    renderApp('/login');
    const okta = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(okta.getAttribute('href')).toBe('/oauth/login/oidc');
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'E-mail' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Sign in with/ })).toHaveLength(1);
    expect(document.title).toBe('Login · Console');
  });

  it('passes the page to return to on to the provider’s sign-in, only when it is the console’s own', async () => {
    signedInConsole({ devLogin: false, provider: OKTA });
    const { unmount } = renderApp('/login?returnTo=%2Frelease%3Ftab%3D1');
    const okta = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(okta.getAttribute('href')).toBe('/oauth/login/oidc?returnTo=%2Frelease%3Ftab%3D1');
    unmount();
    renderApp('/login?returnTo=%2F%2Fevil.example');
    const elsewhere = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(elsewhere.getAttribute('href')).toBe('/oauth/login/oidc');
  });

  it('offers the provider and dev login together, and no provider button when none is configured', async () => {
    signedInConsole({ devLogin: true, provider: GOOGLE });
    const { unmount } = renderApp('/login');
    const google = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(google.getAttribute('href')).toBe('/oauth/login/google');
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toBeTruthy();
    unmount();

    signedInConsole({ devLogin: true, provider: null });
    renderApp('/login');
    await screen.findByRole('textbox', { name: 'E-mail' });
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).toBeNull();
  });

  it('says why the provider’s sign-in was refused, from the code the server redirected with', async () => {
    signedInConsole({ devLogin: false, provider: OKTA });
    const { unmount } = renderApp('/login?error=domain-not-allowed');
    expect(
      await screen.findByText('Your e-mail address’s domain may not sign in to this console.'),
    ).toBeTruthy();
    unmount();
    renderApp('/login?error=email-not-verified');
    expect(
      await screen.findByText(
        'Your e-mail address is not verified by the sign-in provider. Verify it there, then sign in again.',
      ),
    ).toBeTruthy();
  });

  it('says the provider is misconfigured, not unreachable, when what it publishes does not match', async () => {
    signedInConsole({ devLogin: false, provider: OKTA });
    renderApp('/login?error=misconfigured');
    expect(
      await screen.findByText(
        'The sign-in provider is misconfigured on this server: what it publishes does not match OIDC_ISSUER_URL. Ask the console’s administrator to correct it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/cannot be reached/)).toBeNull();
  });

  it('shows why a sign-in failed', async () => {
    fakeApi({
      '/oauth/options': () => ok({ devLogin: true, provider: null }),
      '/oauth/login/dev': () => fail(403, 'op@elsewhere.com may not sign in'),
    });
    renderApp('/login');
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'op@elsewhere.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in locally' }));
    expect(await screen.findByText('op@elsewhere.com may not sign in')).toBeTruthy();
  });

  it('asks at /logout, and ends the session only when told to, then returns to the login page', async () => {
    const api = fakeApi({
      '/logout': () => ok(null),
      '/oauth/options': () => ok({ devLogin: false, provider: GOOGLE }),
    });
    renderApp('/logout');
    // Loading the page (a GET) changes nothing
    await screen.findByRole('heading', { name: 'Sign out?' });
    expect(api.callsTo('/logout')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(window.location.pathname).toBe('/login');
    expect(api.callsTo('/logout')).toHaveLength(1);
  });

  it('goes home when the operator is already signed in', async () => {
    fakeApi({
      '/oauth/session': () => ok({ email: 'op@example.com' }),
      '/oauth/options': () => ok({ devLogin: true, provider: GOOGLE }),
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Orchestrate your game servers' })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
  });

  it('stays on the login page when nobody is signed in', async () => {
    const api = fakeApi({
      '/oauth/session': () => ok(null),
      '/oauth/options': () => ok({ devLogin: true, provider: GOOGLE }),
    });
    renderApp('/login');
    await screen.findByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(api.callsTo('/oauth/session')).toHaveLength(1));
    expect(window.location.pathname).toBe('/login');
  });

  it('asks to wait after too many sign-in attempts (429), instead of the login-required page', async () => {
    fakeApi({
      '/oauth/session': () => ok(null),
      '/oauth/options': () => ok({ devLogin: true, provider: null }),
      '/oauth/login/dev': () => fail(429, 'Rate limit exceeded, retry in 1 minute'),
    });
    renderApp('/login');
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'op@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in locally' }));
    expect(
      await screen.findByText('Too many sign-in attempts. Please wait a minute, then sign in again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Login required' })).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });
});
