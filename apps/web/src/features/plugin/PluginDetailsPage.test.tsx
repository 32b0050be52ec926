import type { PluginListItem } from '@console/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const duel: PluginListItem = {
  id: 4,
  name: 'DUEL',
  active: true,
  description: 'Duel',
  created: 0,
  modified: 0,
  lastModifier: '',
};

function renderPlugin(id: string) {
  fakeApi({
    '/api/auth/me': () => ok({ email: 'op@example.com' }),
    '/api/configuration/list': () => ok(['dev']),
    '/api/plugin/list': () => ok([duel]),
  });
  renderApp(`/plugin/${id}`);
}

describe('Plugin details', () => {
  it('says "Plugin not found" for a missing plugin and links back to the list', async () => {
    renderPlugin('77');
    expect(await screen.findByRole('heading', { name: 'Plugin not found' })).toBeTruthy();
    expect(screen.getByText("There is no plugin with the ID '77' in dev.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to plugins' }).getAttribute('href')).toBe('/plugin');
  });

  it('names an existing plugin in its heading', async () => {
    renderPlugin('4');
    expect(await screen.findByRole('heading', { name: 'Plugin DUEL' })).toBeTruthy();
  });
});
