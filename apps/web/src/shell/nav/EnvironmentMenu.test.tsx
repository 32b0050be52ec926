import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// 3 seeded + 32 QA environments: the case ("30+ environments").
const MANY = ['dev', 'stable', 'prod', ...Array.from({ length: 32 }, (_, index) => `qa-${index + 1}`)];

async function openEnvironmentMenu(environments: string[]) {
  fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(environments),
  });
  renderApp('/levels');
  await screen.findByRole('heading', { name: 'Levels' });
  await userEvent.click(screen.getByRole('button', { name: /^Environment:/ }));
  return screen.findByRole('menu');
}

const entriesOf = (menu: HTMLElement) =>
  [...menu.children].map((item) =>
    item.tagName === 'HR' ? '---' : item.querySelector('input') ? 'filter' : item.textContent,
  );

describe('environment menu with many environments', () => {
  it('puts Create environment and Transfer first, under a filter field', async () => {
    const menu = await openEnvironmentMenu(MANY);
    expect(entriesOf(menu)).toEqual([
      'filter',
      'Create environment',
      'Transfer',
      'Archive environments',
      'Webhooks',
      '---',
      ...MANY,
    ]);
    expect(document.activeElement).toBe(within(menu).getByRole('textbox', { name: 'Filter environments' }));
  });

  it('narrows the list as the operator types, keeping the two entries and the typing in the field', async () => {
    const menu = await openEnvironmentMenu(MANY);
    const filter = within(menu).getByRole('textbox', { name: 'Filter environments' });
    await userEvent.type(filter, 'QA-3');
    // The matches come first while something is typed, the actions after them.
    expect(entriesOf(menu)).toEqual([
      'filter',
      'qa-3',
      'qa-30',
      'qa-31',
      'qa-32',
      '---',
      'Create environment',
      'Transfer',
      'Archive environments',
      'Webhooks',
    ]);
    expect(document.activeElement).toBe(filter);
    expect(filter).toHaveProperty('value', 'QA-3');

    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('qa-3');

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'qa-31' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Environment: qa-31' })).toBeTruthy());
  });

  it('picks the first match with ArrowDown then Enter after typing part of its id', async () => {
    const menu = await openEnvironmentMenu(MANY);
    await userEvent.type(within(menu).getByRole('textbox', { name: 'Filter environments' }), 'stab');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'stable' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Environment: stable' })).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Transfer' })).toBeNull();
  });

  it('says when nothing matches, and still offers Create environment', async () => {
    const menu = await openEnvironmentMenu(MANY);
    await userEvent.type(within(menu).getByRole('textbox', { name: 'Filter environments' }), 'zzz');
    expect(entriesOf(menu)).toEqual([
      'filter',
      'No environment matches',
      '---',
      'Create environment',
      'Transfer',
      'Archive environments',
      'Webhooks',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Create environment' }));
    expect(await screen.findByRole('dialog', { name: 'Add New Environment' })).toBeTruthy();
  });

  it('keeps the product’s order without a filter for a handful of environments', async () => {
    const menu = await openEnvironmentMenu(['dev', 'stable', 'prod', 'qa']);
    expect(entriesOf(menu)).toEqual([
      'dev',
      'stable',
      'prod',
      'qa',
      '---',
      'Create environment',
      'Transfer',
      'Archive environments',
      'Webhooks',
    ]);
  });
});

describe('environment menu inside a change request', () => {
  it('shows the request first, checked, and leaves it for the environment it changes', async () => {
    window.localStorage.setItem('configuration.active', JSON.stringify('prod~cr-7'));
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
    });
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });
    await userEvent.click(screen.getByRole('button', { name: 'Environment: Change request 7 of prod' }));
    const menu = await screen.findByRole('menu');
    expect(entriesOf(menu)).toEqual([
      'Change request 7 of prod',
      'dev',
      'stable',
      'prod',
      '---',
      'Create environment',
      'Transfer',
      'Archive environments',
      'Webhooks',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'prod' }));
    expect(await screen.findByRole('button', { name: 'Environment: prod' })).toBeTruthy();
    expect(window.localStorage.getItem('configuration.active')).toBe('"prod"');
  });
});
