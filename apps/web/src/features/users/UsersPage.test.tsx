import type { UserListResponse } from '@console/domain/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { searchOver } from '../../test/fakeSearch.ts';

// The search over the list's users, with what the caller may see of them.
const userSearch = (list: () => UserListResponse) => (call: Parameters<ReturnType<typeof searchOver>>[0]) => {
  const { seesEveryone, users } = list();
  const answer = searchOver(() => users, {
    keyOf: (user) => user.email,
    textOf: (user) => [user.email],
    sorts: {
      email: (user) => user.email,
      lastSeen: (user) => user.lastSeen ?? 0,
      firstSeen: (user) => user.firstSeen ?? 0,
    },
    filters: { role: (user, value) => user.role === value },
  })(call);
  return { ...answer, body: { payload: { ...(answer.body as { payload: object }).payload, seesEveryone } } };
};

import { renderApp } from '../../test/renderApp.tsx';

const list: UserListResponse = {
  environments: [
    { id: 'dev', isProtected: false },
    { id: 'stable', isProtected: false },
    { id: 'prod', isProtected: true },
  ],
  users: [
    {
      email: 'boss@example.com',
      firstSeen: Date.UTC(2026, 0, 5, 9),
      lastSeen: Date.UTC(2026, 0, 5, 10),
      role: 'admin',
      environments: {},
      isConfiguredAdmin: true,
      sessions: 1,
    },
    {
      email: 'op@example.com',
      firstSeen: Date.UTC(2026, 0, 5, 9),
      lastSeen: Date.UTC(2026, 0, 5, 10),
      role: 'admin',
      environments: {},
      isConfiguredAdmin: false,
      sessions: 2,
    },
    {
      email: 'new@example.com',
      firstSeen: Date.UTC(2026, 0, 6, 9),
      lastSeen: Date.UTC(2026, 0, 6, 9),
      role: 'viewer',
      environments: { dev: 'operator' },
      isConfiguredAdmin: false,
      sessions: 1,
    },
  ],
  seesEveryone: true,
};

/** What a viewer (new@example.com) is answered: themselves and the admins, without the admins' activity. */
const viewerList: UserListResponse = {
  environments: list.environments,
  users: [
    { email: 'boss@example.com', role: 'admin', environments: {}, isConfiguredAdmin: true },
    { email: 'op@example.com', role: 'admin', environments: {}, isConfiguredAdmin: false },
    list.users[2]!,
  ],
  seesEveryone: false,
};

/** The element a disabled control's reason is on: the focusable wrapper WhyDisabled puts around it. */
const reasonOf = (control: HTMLElement) => control.closest('span[tabindex="0"]');

describe('Users (Security menu)', () => {
  it('lets an admin change a role per environment and tells the server exactly that', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/users/list': () => ok(list),
      '/api/users/search': userSearch(() => list),
      '/api/users/role/set': () => ok(list.users[2]),
    });
    renderApp('/security/users');
    const select = (await screen.findByRole('combobox', {
      name: 'Role of new@example.com in prod',
    })) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(within(select).getByRole('option', { name: 'console-wide (viewer)' })).toBeTruthy();
    await userEvent.selectOptions(select, 'operator');
    await screen.findByText('new@example.com in prod: operator');
    expect(api.callsTo('/api/users/role/set').map((call) => call.body)).toEqual([
      { email: 'new@example.com', environment: 'prod', role: 'operator' },
    ]);
    expect(
      (screen.getByRole('combobox', { name: 'Role of new@example.com in dev' }) as HTMLSelectElement).value,
    ).toBe('operator');
  });

  it("locks ADMIN_EMAILS admins' and the user's own roles, saying why", async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/users/list': () => ok(list),
      '/api/users/search': userSearch(() => list),
    });
    renderApp('/security/users');
    const boss = await screen.findByRole('combobox', { name: 'Role of boss@example.com console-wide' });
    expect((boss as HTMLSelectElement).disabled).toBe(true);
    await userEvent.hover(reasonOf(boss)!);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'boss@example.com is an admin through ADMIN_EMAILS',
    );
    const own = screen.getByRole('combobox', { name: 'Role of op@example.com in dev' });
    expect((own as HTMLSelectElement).disabled).toBe(true);
    const removeOwn = within(screen.getByRole('row', { name: /^op@example\.com/ })).getByRole('button', {
      name: 'Remove',
    });
    expect((removeOwn as HTMLButtonElement).disabled).toBe(true);
    const removeBoss = within(screen.getByRole('row', { name: /^boss@example\.com/ })).getByRole('button', {
      name: 'Remove',
    });
    expect((removeBoss as HTMLButtonElement).disabled).toBe(true);
    await userEvent.unhover(reasonOf(boss)!);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await userEvent.hover(reasonOf(removeBoss)!);
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'boss@example.com is an admin through ADMIN_EMAILS',
    );
  });

  it('shows a viewer themselves and the admins, everything disabled with the missing right as the reason', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs('new@example.com', 'viewer'),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/users/list': () => ok(viewerList),
      '/api/users/search': userSearch(() => viewerList),
    });
    renderApp('/security/users');
    const inProd = await screen.findByRole('combobox', { name: 'Role of op@example.com in prod' });
    expect((inProd as HTMLSelectElement).disabled).toBe(true);
    await userEvent.hover(reasonOf(inProd)!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Requires admin rights in prod');
    const admin = screen.getByRole('row', { name: /^op@example\.com/ });
    const remove = within(admin).getByRole('button', { name: 'Remove' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    // Another user's activity is not theirs to see; their own is.
    expect(
      within(admin)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1, 4),
    ).toEqual(['—', '—', '—']);
    const own = screen.getByRole('row', { name: /^new@example\.com/ });
    expect(within(own).getAllByRole('cell')[3]!.textContent).toBe('1');
    expect(screen.getByText(/Only admins see everyone: this list shows you and the admins/)).toBeTruthy();
    const protect = screen.getByRole('switch', { name: 'prod protected' });
    expect((protect as HTMLInputElement).disabled).toBe(true);
    expect(api.callsTo('/api/users/role/set')).toEqual([]);
  });
});

describe('screens for a viewer', () => {
  it('disable a plugin switch in a protected environment for an operator, naming the admin right', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs('op@example.com', 'operator'),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/plugin/list': () =>
        ok([
          {
            id: 11,
            name: 'GOLD_RUSH',
            active: false,
            description: '',
            created: 0,
            modified: 0,
            lastModifier: '',
          },
        ]),
    });
    window.localStorage.setItem('configuration.active', JSON.stringify('prod'));
    renderApp('/plugin');
    const toggle = await screen.findByRole('switch', { name: 'GOLD_RUSH active' });
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    await userEvent.hover(reasonOf(toggle)!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Requires admin rights in prod (a protected environment)',
    );
  });
});
