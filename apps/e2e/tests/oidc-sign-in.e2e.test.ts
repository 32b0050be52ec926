import { existsSync } from 'node:fs';
import { startConsole, startTestOidcProvider, type TestOidcProvider } from '@console/server/testing';
import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest';
import {
  type Browser,
  describeInBrowser,
  openBrowser,
  saveScreenshot,
  WEB_DIST_INDEX,
} from '../src/browser.ts';

// The whole sign-in in Chromium: the login page's one button, the trip to a real OpenID Connect
// provider (oauth2-mock-server on a loopback port, which approves at once) and back, and the console
// opened as the provider's user; a refusal lands on the login page with its message.

const OPERATOR = 'ops@studio.com';

describeInBrowser('sign-in through an OpenID Connect provider in Chromium', () => {
  let provider: TestOidcProvider;
  let server: Awaited<ReturnType<typeof startConsole>>;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(WEB_DIST_INDEX)) {
      throw new Error('apps/web/dist is missing: run `npm run build --workspace @console/web` first');
    }
    provider = await startTestOidcProvider({ email: OPERATOR, email_verified: true });
    const source = {
      adminUrl: inject('adminUrl'),
      templateDatabase: inject('templateDatabase'),
      databasePrefix: inject('databasePrefix'),
    };
    server = await startConsole(source, {
      ...provider.env,
      OIDC_DISPLAY_NAME: 'Studio SSO',
      ALLOWED_EMAIL_DOMAINS: 'studio.com',
      AUTH_DEV_LOGIN: 'false',
    });
    browser = await openBrowser();
  });

  afterEach(async (context) => {
    // as the other browser suites: a picture of the screen a test failed on
    if (context.task.result?.state === 'fail')
      await saveScreenshot(browser.page, `oidc-${context.task.name}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.stop();
  });

  it('refuses an address outside the allowed domains with a message on the login page', async () => {
    const { page } = browser;
    provider.signInAs({ email: 'someone@elsewhere.com', email_verified: true });
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Studio SSO' }).click();
    await page.getByText('Your e-mail address’s domain may not sign in to this console.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Still nobody signed in: the console asks for a login.
    await page.goto(`${server.url}/audit`);
    await page.getByText('You must be logged in to access this page.').waitFor();
  });

  it('offers one button for the provider, and arrives signed in as the provider’s user', async () => {
    const { page } = browser;
    provider.signInAs({ email: OPERATOR, email_verified: true });
    await page.goto(`${server.url}/login`);
    const button = page.getByRole('link', { name: 'Sign in with Studio SSO' });
    await button.waitFor();
    expect(await page.getByRole('link', { name: /^Sign in with/ }).count()).toBe(1);
    expect(await page.getByLabel('E-mail').count()).toBe(0);

    await button.click();
    await page.getByRole('heading', { name: 'Orchestrate your game servers' }).waitFor();
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText(OPERATOR).waitFor();
    // The 401 page's link, which names Google, leads to the same provider.
    const response = await page.request.get(`${server.url}/oauth/login/google`, { maxRedirects: 0 });
    expect(response.headers().location).toBe('/oauth/login/oidc');
  });

  it('returns from the provider to the page that asked for a login, with its query', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    provider.signInAs({ email: OPERATOR, email_verified: true });
    await page.goto(`${server.url}/audit?page=2`);
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.getByRole('link', { name: 'Sign in with Studio SSO' }).click();
    await page.waitForURL(`${server.url}/audit?page=2`);
    await page.getByText(OPERATOR).waitFor();
  });
});
