import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  freePort,
  startTestOidcProvider,
  type TestOidcProvider,
  type TestResponse,
} from '../../testing/index.ts';

// Sign-in through a real OpenID Connect provider (oauth2-mock-server on a loopback port): discovery,
// code + PKCE, state, nonce and the ID token's signature all run for real. Every refusal lands on the
// login page with its reason and starts no session; none answers 5xx.

const ATTEMPT_COOKIE = 'console_sign_in';
const SESSION_COOKIE = 'console_session';
const OPERATOR = { email: 'Ops@Studio.com', email_verified: true };

interface Trip {
  /** The signed attempt the console set when the sign-in began ("name=value"), or '' when left out. */
  attemptCookie: string;
  /** Where the provider sent the browser back: the callback path with code and state. */
  callback: string;
}

interface SetCookie {
  value: string;
  httpOnly: boolean;
}

/** The cookie a response sets under `name` (its value and whether it is httpOnly), or undefined. */
function cookieOf(response: TestResponse, name: string): SetCookie | undefined {
  const header = response.headers['set-cookie'] ?? [];
  const line = [header].flat().find((each) => each.startsWith(`${name}=`));
  if (line === undefined) return undefined;
  const [pair = '', ...attributes] = line.split(';');
  return {
    value: pair.slice(name.length + 1),
    httpOnly: attributes.some((attribute) => attribute.trim().toLowerCase() === 'httponly'),
  };
}

let provider: TestOidcProvider;
let t: TestApp;

/** Begins a sign-in at the console and lets the provider approve it, as a browser would follow redirects. */
async function travelToProvider(startUrl = '/oauth/login/oidc'): Promise<Trip> {
  const start = await t.request({ method: 'GET', url: startUrl });
  expect(start.statusCode).toBe(302);
  const attempt = cookieOf(start, ATTEMPT_COOKIE);
  expect(attempt?.httpOnly).toBe(true);
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  return { attemptCookie: `${ATTEMPT_COOKIE}=${attempt!.value}`, callback: `${back.pathname}${back.search}` };
}

async function returnFromProvider({ attemptCookie, callback }: Trip) {
  const response = await t.request({
    method: 'GET',
    url: callback,
    headers: attemptCookie ? { cookie: attemptCookie } : {},
  });
  // Whatever came back, the browser goes to a page (never a 5xx) and holds no attempt any more.
  expect(response.statusCode).toBe(302);
  if (attemptCookie) expect(cookieOf(response, ATTEMPT_COOKIE)?.value).toBe('');
  return response;
}

/** The refusal's code on the login page, after checking that no session was started. */
function refusalOf(response: TestResponse): string | null {
  expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
  const location = new URL(String(response.headers.location), 'http://console');
  expect(location.pathname).toBe('/login');
  return location.searchParams.get('error');
}

async function signedInEmail(response: TestResponse, returnedTo = '/'): Promise<string> {
  expect(response.headers.location).toBe(returnedTo);
  const session = cookieOf(response, SESSION_COOKIE);
  expect(session).toBeDefined();
  const me = await t.post('/api/auth/me', undefined, `${SESSION_COOKIE}=${session!.value}`);
  expect(me.statusCode).toBe(200);
  return me.json().payload.email;
}

/** Replaces the ID token's claims in the token endpoint's answer, keeping the provider's signature. */
function tamperWithNextIdToken(change: (claims: Record<string, unknown>) => void) {
  provider.server.service.once('beforeResponse', (response) => {
    const body = response.body as { id_token: string };
    const [header, payload, signature] = body.id_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    change(claims);
    body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
  });
}

describe('sign-in through an OpenID Connect provider', () => {
  beforeAll(async () => {
    provider = await startTestOidcProvider(OPERATOR);
    t = await createTestApp({
      ...provider.env,
      OIDC_DISPLAY_NAME: 'Studio SSO',
      ALLOWED_EMAIL_DOMAINS: 'studio.com',
      AUTH_DEV_LOGIN: 'false',
    });
  });
  afterAll(async () => {
    await provider?.stop();
  });

  it('signs in as the provider’s user, and offers that provider on the login page', async () => {
    expect((await t.post('/oauth/options')).json()).toEqual({
      payload: { devLogin: false, provider: { name: 'Studio SSO', loginPath: '/oauth/login/oidc' } },
    });
    provider.signInAs(OPERATOR);
    const start = await t.request({ method: 'GET', url: '/oauth/login/oidc' });
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.issuerUrl);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/oauth/login/oidc/callback',
    );
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');

    const signedIn = await returnFromProvider(await travelToProvider());
    expect(await signedInEmail(signedIn)).toBe('ops@studio.com');
    // Audited console-wide, as every sign-in is
    const session = `${SESSION_COOKIE}=${cookieOf(signedIn, SESSION_COOKIE)!.value}`;
    const [entry] = await t.auditEntries(session, 'dev', { consoleWide: true });
    expect(entry).toMatchObject({
      environment: null,
      action: 'auth.sign-in',
      target: 'ops@studio.com',
      email: 'ops@studio.com',
      attributes: { method: 'oidc', isNewUser: true, role: 'viewer' },
    });
  });

  it('takes the e-mail from the userinfo answer when the ID token has none', async () => {
    provider.signInAs({});
    provider.server.service.once('beforeUserinfo', (response, request) => {
      expect(request.headers.authorization).toMatch(/^Bearer /);
      response.body = { sub: 'johndoe', email: 'info@studio.com', email_verified: true };
    });
    expect(await signedInEmail(await returnFromProvider(await travelToProvider()))).toBe('info@studio.com');
  });

  it('refuses an e-mail the provider has not verified', async () => {
    provider.signInAs({ email: 'new@studio.com', email_verified: false });
    expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('email-not-verified');
    provider.signInAs({ email: 'new@studio.com' });
    expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('email-not-verified');
  });

  it('refuses an address outside ALLOWED_EMAIL_DOMAINS, and a provider that names no address', async () => {
    provider.signInAs({ email: 'someone@evil.com', email_verified: true });
    expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('domain-not-allowed');
    provider.signInAs({ email: 'someone@eu.studio.com', email_verified: true });
    expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('domain-not-allowed');
    provider.signInAs({});
    expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('no-email');
  });

  it('refuses a callback this browser did not begin, or whose state is not the one it began', async () => {
    provider.signInAs(OPERATOR);
    const trip = await travelToProvider();
    // Forged: a link to the callback sent to someone else's browser, which holds no attempt.
    expect(refusalOf(await returnFromProvider({ ...trip, attemptCookie: '' }))).toBe('expired');
    // An attempt cookie not signed by the console.
    const unsigned = `${ATTEMPT_COOKIE}=${encodeURIComponent(JSON.stringify({ state: 's', nonce: 'n', codeVerifier: 'v'.repeat(43) }))}`;
    expect(refusalOf(await returnFromProvider({ ...trip, attemptCookie: unsigned }))).toBe('expired');
    // Another state than the attempt's.
    const otherState = trip.callback.replace(/state=[^&]+/, 'state=forged');
    expect(refusalOf(await returnFromProvider({ ...trip, callback: otherState }))).toBe('failed');
    // A made-up code with this browser's own attempt and state.
    const ownTrip = await travelToProvider();
    const madeUp = ownTrip.callback.replace(/code=[^&]+/, 'code=made-up');
    expect(refusalOf(await returnFromProvider({ ...ownTrip, callback: madeUp }))).toBe('failed');
  });

  it('refuses a replayed callback, with or without the attempt it used', async () => {
    provider.signInAs(OPERATOR);
    const trip = await travelToProvider();
    expect(await signedInEmail(await returnFromProvider(trip))).toBe('ops@studio.com');
    // The browser's own back button: its attempt was cleared by the first visit.
    expect(refusalOf(await returnFromProvider({ ...trip, attemptCookie: '' }))).toBe('expired');
    // A copy of the attempt cookie too: the provider redeems a code once, so no second session.
    expect(refusalOf(await returnFromProvider(trip))).toBe('failed');
  });

  it('refuses an ID token of another sign-in (nonce), another client or another issuer', async () => {
    provider.signInAs(OPERATOR);
    const changes: ((claims: Record<string, unknown>) => void)[] = [
      (claims) => {
        claims.nonce = 'nonce-of-another-sign-in';
      },
      (claims) => {
        claims.aud = 'another-client';
      },
      (claims) => {
        claims.iss = 'https://evil.example.com';
      },
      (claims) => {
        claims.exp = Math.floor(Date.now() / 1000) - 3600;
      },
    ];
    for (const change of changes) {
      provider.changeNextIdToken(change);
      expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('failed');
    }
  });

  it('refuses an ID token changed after the provider signed it', async () => {
    provider.signInAs({ email: 'someone@evil.com', email_verified: true });
    tamperWithNextIdToken((claims) => {
      claims.email = 'boss@studio.com';
    });
    expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('failed');
    // And with the signature removed ("alg": "none" style).
    provider.signInAs(OPERATOR);
    provider.server.service.once('beforeResponse', (response) => {
      const body = response.body as { id_token: string };
      body.id_token = `${body.id_token.split('.').slice(0, 2).join('.')}.`;
    });
    expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('failed');
  });

  it('says the sign-in was cancelled when the provider answers access_denied', async () => {
    provider.server.service.once('beforeAuthorizeRedirect', ({ url }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    expect(refusalOf(await returnFromProvider(await travelToProvider()))).toBe('cancelled');
  });

  it('answers a callback with odd parameters with the login page, never a 5xx', async () => {
    provider.signInAs(OPERATOR);
    const trip = await travelToProvider();
    const path = '/oauth/login/oidc/callback';
    for (const query of ['', '?code=', '?code=a&code=b&state=x', `?code=${'x'.repeat(5000)}`, '?error=x']) {
      expect(refusalOf(await returnFromProvider({ ...trip, callback: `${path}${query}` }))).toMatch(
        /^(failed|cancelled)$/,
      );
    }
    // Text PostgreSQL cannot store is refused before any route, as everywhere (400 with the reason).
    const nul = await t.request({
      method: 'GET',
      url: `${path}?error=%00`,
      headers: { cookie: trip.attemptCookie },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toBeTruthy();
  });

  it('returns to the console page the sign-in began from, and to the start page for any other', async () => {
    provider.signInAs(OPERATOR);
    const page = '/release?tab=history&q=a%20b';
    const begin = `/oauth/login/oidc?returnTo=${encodeURIComponent(page)}`;
    expect(await signedInEmail(await returnFromProvider(await travelToProvider(begin)), page)).toBe(
      'ops@studio.com',
    );
    // Through the Google link too, which forwards the page to the configured provider.
    const viaGoogle = await t.request({
      method: 'GET',
      url: `/oauth/login/google?returnTo=${encodeURIComponent(page)}`,
    });
    expect(viaGoogle.headers.location).toBe(begin);
    // Anything that would leave the console (another host, a scheme, a backslash, a dropped tab) or
    // is too long to keep: signed in all the same, on the start page.
    for (const hostile of [
      '//evil.example',
      'https://x',
      '/\\evil',
      '/\t/evil.example',
      `/${'x'.repeat(1024)}`,
    ]) {
      const trip = await travelToProvider(`/oauth/login/oidc?returnTo=${encodeURIComponent(hostile)}`);
      expect(await signedInEmail(await returnFromProvider(trip), '/')).toBe('ops@studio.com');
    }
    // Twice, or not a string: the start page.
    const twice = await travelToProvider(`/oauth/login/oidc?returnTo=%2Fa&returnTo=%2Fb`);
    expect(await signedInEmail(await returnFromProvider(twice), '/')).toBe('ops@studio.com');
  });

  it('leads the 401 page’s Google link to the configured provider', async () => {
    const response = await t.request({ method: 'GET', url: '/oauth/login/google' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/oauth/login/oidc');
  });
});

describe('sign-in when the provider cannot be reached', () => {
  it('goes back to the login page saying so, and tries discovery again on the next attempt', async () => {
    const port = await freePort();
    const t = await createTestApp({
      OIDC_ISSUER_URL: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 'secret',
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await t.request({ method: 'GET', url: '/oauth/login/oidc' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login?error=unavailable');
      expect(cookieOf(response, ATTEMPT_COOKIE)).toBeUndefined();
    }
  });
});

describe('sign-in when the provider does not match OIDC_ISSUER_URL', () => {
  it('says the provider is misconfigured, not unreachable, and tries discovery again next time', async () => {
    // A provider whose discovery document the test sets: a 5xx, another issuer, none, then the right one.
    let answer: { status: number; issuer?: string } = { status: 503 };
    const provider = createServer((_request, response) => {
      response.statusCode = answer.status;
      response.setHeader('content-type', 'application/json');
      const issuer = answer.issuer ?? '';
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
        }),
      );
    });
    await new Promise<void>((listening) => provider.listen(0, '127.0.0.1', listening));
    try {
      const issuerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      const t = await createTestApp({
        OIDC_ISSUER_URL: issuerUrl,
        OIDC_CLIENT_ID: 'console',
        OIDC_CLIENT_SECRET: 'secret',
      });
      const signIn = () => t.request({ method: 'GET', url: '/oauth/login/oidc' });
      const cases = [
        [{ status: 503 }, '/login?error=unavailable'],
        // Another issuer than the one configured (a proxy's name, a typo), or no metadata at that address.
        [{ status: 200, issuer: 'https://elsewhere.example' }, '/login?error=misconfigured'],
        [{ status: 404 }, '/login?error=misconfigured'],
      ] as const;
      for (const [published, location] of cases) {
        answer = published;
        const refused = await signIn();
        expect({ published, status: refused.statusCode, location: refused.headers.location }).toEqual({
          published,
          status: 302,
          location,
        });
        expect(cookieOf(refused, ATTEMPT_COOKIE)).toBeUndefined();
      }
      // Once corrected, the next attempt discovers it again and leaves for the provider.
      answer = { status: 200, issuer: issuerUrl };
      const begun = await signIn();
      expect(begun.statusCode).toBe(302);
      expect(begun.headers.location).toMatch(new RegExp(`^${issuerUrl}/authorize\\?`));
    } finally {
      await new Promise((closed) => provider.close(closed));
    }
  });
});
