import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const bodyBackground = () => window.getComputedStyle(document.body).backgroundColor;
const indicatorColor = () =>
  screen
    .getByRole('button', { name: /^Environment:/ })
    .querySelector<HTMLElement>('[data-testid="environment-indicator"]')?.style.backgroundColor;

describe('environment indicator and theme', () => {
  it('follows the active environment: colour per environment, dark page for prod only', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod', 'qa']),
    });
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });
    expect(indicatorColor()).toBe('rgb(0, 200, 100)');
    const lightBackground = bodyBackground();
    expect(lightBackground).toBe('rgb(255, 255, 255)');

    const choose = async (id: string) => {
      await userEvent.click(screen.getByRole('button', { name: /^Environment:/ }));
      await userEvent.click(await screen.findByRole('menuitem', { name: id }));
      await waitFor(() => expect(screen.getByRole('button', { name: `Environment: ${id}` })).toBeTruthy());
    };

    await choose('prod');
    expect(indicatorColor()).toBe('rgb(200, 50, 0)');
    await waitFor(() => expect(bodyBackground()).toBe('rgb(18, 18, 18)'));

    await choose('stable');
    expect(indicatorColor()).toBe('rgb(200, 200, 0)');
    await waitFor(() => expect(bodyBackground()).toBe(lightBackground));

    await choose('qa');
    expect(indicatorColor()).toBe('rgb(180, 100, 200)');
    expect(bodyBackground()).toBe(lightBackground);
  });
});
