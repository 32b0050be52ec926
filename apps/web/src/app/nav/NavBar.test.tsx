import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

async function openMenu(name: RegExp | string) {
  await userEvent.click(screen.getByRole('button', { name }));
  const menu = await screen.findByRole('menu');
  return [...menu.children].map((item) => (item.tagName === 'HR' ? '---' : item.textContent));
}

describe('navigation bar', () => {
  it('offers the menus of the spec, in order, with their dividers', async () => {
    fakeApi({
      '/api/auth/me': () => ok({ email: 'op@example.com' }),
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
    expect(await openMenu('Security')).toEqual(['Audit Log']);
    await userEvent.keyboard('{Escape}');

    // spec: Logout is a full page load the server answers, not a client-side route
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
    expect(screen.getByText('op@example.com')).toBeTruthy();
  });

  it('leads from a menu entry to its page', async () => {
    fakeApi({
      '/api/auth/me': () => ok({ email: 'op@example.com' }),
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
});
