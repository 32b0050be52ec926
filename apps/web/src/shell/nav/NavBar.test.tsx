import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

async function openMenu(name: RegExp | string) {
  await userEvent.click(screen.getByRole('button', { name }));
  const menu = await screen.findByRole('menu');
  return [...menu.children].map((item) => (item.tagName === 'HR' ? '---' : item.textContent));
}

describe('navigation bar', () => {
  it('offers the menus of the product, in order, with their dividers', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
    });
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });

    expect(await openMenu(/^Environment:/)).toEqual([
      'dev',
      'stable',
      'prod',
      '---',
      'Create environment',
      'Transfer',
      'Archive environments',
      'Webhooks',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(await openMenu('Features')).toEqual([
      'Release Info',
      '---',
      'Plugin',
      'Configuration',
      'AB-test',
      '---',
      'Schedule Overview',
      'Levels',
      '---',
      'Player preview',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(await openMenu('System')).toEqual([
      'User Compensation',
      'User Admin',
      '---',
      'Connections',
      'NICE Config',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(await openMenu('Security')).toEqual([
      'Audit Log',
      'Users',
      'Change Requests',
      '---',
      'Revision History',
      'Environment Comparison',
    ]);
    await userEvent.keyboard('{Escape}');

    // Who is signed in and their role in the active environment
    const signedIn = await screen.findByTitle('op@example.com · admin in dev');
    expect(signedIn.textContent).toBe('op@example.com · admin in dev');
    // the role is a part of its own, which never gives way on a narrow screen (layout.e2e.test.ts)
    expect(within(signedIn).getByText('· admin').textContent).toBe(' · admin');
  });

  it('signs out with POST /logout and goes to the login page', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/logout': () => ok(null),
      '/oauth/session': () => ok(null),
      '/oauth/options': () => ok({ devLogin: true, provider: null }),
    });
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Sign in locally' });
    expect(window.location.pathname).toBe('/login');
    expect(api.callsTo('/logout')).toHaveLength(1);
  });

  it('leads from a menu entry to its page', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'System' }));
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'NICE Config' }),
    );
    expect(await screen.findByRole('heading', { name: 'NICE Config' })).toBeTruthy();
    expect(window.location.pathname).toBe('/system/nice');
    expect(document.title).toBe('NICE Config · Console');
  });

  it('counts the change requests awaiting my review on the Security menu and its entry', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/change-request/awaiting': () => ok({ count: 2 }),
    });
    renderApp('/levels');
    const security = await screen.findByRole('button', { name: 'Security, 2 awaiting your review' });
    await userEvent.click(security);
    const entry = within(await screen.findByRole('menu')).getByRole('menuitem', {
      name: 'Change Requests, 2 awaiting your review',
    });
    expect(entry.getAttribute('href')).toBe('/change-requests');
  });
});
