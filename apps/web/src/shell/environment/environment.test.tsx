import { MESSAGES } from '@console/domain/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, type Handler, ok, signedInAs } from '../../test/fakeApi.ts';
import { onePage } from '../../test/fakeSearch.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { ACTIVE_ENVIRONMENT_KEY } from './environment.storage.ts';

const stored = () => window.localStorage.getItem(ACTIVE_ENVIRONMENT_KEY);

function consoleApi(environments: string[], extra: Record<string, Handler> = {}) {
  return fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(environments),
    '/api/audit/search': ({ configuration }) =>
      onePage([
        {
          id: 7,
          environment: configuration,
          action: 'environment.create',
          target: `${configuration}-target`,
          email: 'op@example.com',
          created: Date.UTC(2024, 0, 2, 3, 4),
          attributes: { description: 'no description' },
        },
      ]),
    ...extra,
  });
}

// hidden: true also finds it while a modal hides the rest of the page from assistive technology
const environmentButton = () => screen.getByRole('button', { name: /^Environment:/, hidden: true });

async function chooseEnvironment(id: string) {
  await userEvent.click(environmentButton());
  await userEvent.click(await screen.findByRole('menuitem', { name: id }));
}

describe('active environment', () => {
  it('starts on dev when nothing is stored and keeps it under configuration.active', async () => {
    consoleApi(['dev', 'stable', 'prod']);
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });
    expect(environmentButton().textContent).toContain('dev');
    expect(stored()).toBe('"dev"');
  });

  it('keeps a stored environment that is listed', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, '"stable"');
    const api = consoleApi(['dev', 'stable', 'prod']);
    renderApp('/audit');
    expect(await screen.findByText('stable-target')).toBeTruthy();
    expect(api.callsTo('/api/audit/search').map((call) => call.configuration)).toEqual(['stable']);
  });

  it('selects the first listed environment when the stored one is gone, before any screen loads', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, '"removed"');
    const api = consoleApi(['stable', 'prod']);
    renderApp('/audit');
    expect(await screen.findByText('stable-target')).toBeTruthy();
    expect(environmentButton().textContent).toContain('stable');
    expect(stored()).toBe('"stable"');
    expect(api.callsTo('/api/audit/search').map((call) => call.configuration)).toEqual(['stable']);
  });

  it('clears local storage and says so when the stored data is unreadable', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, '{not json');
    window.localStorage.setItem('other.key', 'kept?');
    consoleApi(['dev', 'stable']);
    renderApp('/levels');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.internalStorage)).toBeTruthy();
    expect(window.localStorage.getItem('other.key')).toBeNull();
    expect(environmentButton().textContent).toContain('dev');
  });

  it('reloads the screen for the selected environment and remembers it', async () => {
    const api = consoleApi(['dev', 'stable', 'prod']);
    renderApp('/audit');
    expect(await screen.findByText('dev-target')).toBeTruthy();

    await chooseEnvironment('stable');

    expect(await screen.findByText('stable-target')).toBeTruthy();
    expect(stored()).toBe('"stable"');
    expect(api.callsTo('/api/audit/search').map((call) => call.configuration)).toEqual(['dev', 'stable']);
  });

  it('reloads the screen when the active environment is selected again', async () => {
    const api = consoleApi(['dev', 'stable']);
    renderApp('/audit');
    await screen.findByText('dev-target');
    await chooseEnvironment('dev');
    await waitFor(() => expect(api.callsTo('/api/audit/search')).toHaveLength(2));
  });

  it("clears a screen's error banner when the environment changes", async () => {
    consoleApi(['dev', 'stable'], {
      '/api/audit/search': ({ configuration }) =>
        configuration === 'dev' ? fail(409, 'Audit of dev is unavailable') : onePage([]),
    });
    renderApp('/audit');
    expect(await screen.findByText('Audit of dev is unavailable')).toBeTruthy();
    await chooseEnvironment('stable');
    expect(await screen.findByText('No audit entries')).toBeTruthy();
    expect(screen.queryByText('Audit of dev is unavailable')).toBeNull();
  });
});

describe('creating an environment', () => {
  it('saves, re-lists and switches to the new environment', async () => {
    const environments = ['dev', 'stable', 'prod'];
    const api = consoleApi(environments, {
      '/api/configuration/list': () => ok([...environments]),
      '/api/configuration/save': ({ body }) => {
        const { configurationId } = body as { configurationId: string };
        environments.push(configurationId);
        return ok({ id: configurationId, description: 'no description' });
      },
    });
    renderApp('/audit');
    await screen.findByText('dev-target');

    await userEvent.click(environmentButton());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create environment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Environment' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Environment' }), 'qa-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('qa-1-target')).toBeTruthy();
    expect(environmentButton().textContent).toContain('qa-1');
    expect(stored()).toBe('"qa-1"');
    expect(api.callsTo('/api/configuration/save').map((call) => call.body)).toEqual([
      { configurationId: 'qa-1', description: 'no description' },
    ]);
    expect(api.callsTo('/api/configuration/list').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Environment' })).toBeNull());
  });

  // Like the A/B-test ID: the rule is shown, and the id is cleaned and bounded as it is typed.
  it('cleans and bounds the id as typed, with the rule shown, and refuses a reserved name before saving', async () => {
    const api = consoleApi(['dev']);
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });
    await userEvent.click(environmentButton());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create environment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Environment' });
    const field = within(dialog).getByRole('textbox', { name: 'Environment' }) as HTMLInputElement;
    expect(
      within(dialog).getByText(
        'The environment id must be unique. Letters, digits, - and _, at most 36; a space becomes -',
      ),
    ).toBeTruthy();

    await userEvent.type(field, 'QA europe! \u05e9\u05dc\u05d5\u05dd\u202e2');
    expect(field.value).toBe('QA-europe-2');
    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(65));
    expect(field.value).toBe('x'.repeat(36));

    await userEvent.clear(field);
    await userEvent.type(field, 'constructor');
    expect(
      within(dialog).getByText(
        'The environment id must not be a name JavaScript gives a meaning of its own (such as constructor, __proto__, NaN).',
      ),
    ).toBeTruthy();
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await userEvent.type(field, '{Enter}');
    expect(api.callsTo('/api/configuration/save')).toEqual([]);
  });

  it("shows 'Creating configuration failed' with the server's reason", async () => {
    consoleApi(['dev'], {
      '/api/configuration/save': () => fail(409, 'Environment dev already exists'),
    });
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });

    await userEvent.click(environmentButton());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Create environment' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Environment' }), 'dev{Enter}');

    const errorDialog = await screen.findByRole('dialog', { name: 'Error: Creating configuration failed' });
    expect(within(errorDialog).getByText('Environment dev already exists')).toBeTruthy();
    expect(environmentButton().textContent).toContain('dev');
  });
});

describe('global errors', () => {
  it('shows the login-required page on a 401', async () => {
    fakeApi({
      '/api/configuration/list': () => fail(401, MESSAGES.notLoggedIn),
      // a console whose only way in is Google: the product's path (UnauthorizedPage.test.tsx has the others)
      '/oauth/options': () =>
        ok({ devLogin: false, provider: { name: 'Google', loginPath: '/oauth/login/google' } }),
    });
    renderApp('/audit');
    expect(await screen.findByText(MESSAGES.notLoggedIn)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe(
        '/oauth/login/google?returnTo=%2Faudit',
      ),
    );
  });

  it("opens the 'Server Error' modal on a 500", async () => {
    consoleApi(['dev'], { '/api/audit/search': () => fail(500, 'database down') });
    renderApp('/audit');
    const dialog = await screen.findByRole('dialog', { name: 'Server Error' });
    expect(within(dialog).getByText(MESSAGES.serverError)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Server Error' })).toBeNull());
  });

  it('shows a not-found page for unknown routes', async () => {
    consoleApi(['dev']);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('audit log', () => {
  it('lists entries with the date as YYYY-MM-DD HH:mm and the attributes as Extra', async () => {
    consoleApi(['dev']);
    renderApp('/audit');
    const row = (await screen.findByText('dev-target')).closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('7');
    expect(cells[1]).toBe('environment.create');
    expect(cells[3]).toBe('op@example.com');
    expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cells[5]).toBe('{"description":"no description"}');
    expect(document.title).toBe('Audit Log · Console');
  });
});
