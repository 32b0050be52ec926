import { MESSAGES } from '@console/domain/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAbTest } from '../features/abtest/abtest.test-support.tsx';
import { fail, fakeApi, ok, signedInAs } from '../test/fakeApi.ts';
import { onePage } from '../test/fakeSearch.ts';
import { renderApp } from '../test/renderApp.tsx';

// A failed load has a way on: once the 'Server Error' modal is closed, the screen still says what was not
// loaded and why, and Retry loads it again.
describe('a failed load', () => {
  it("says what failed after the 'Server Error' modal closes, and Retry loads it", async () => {
    let list = () => fail(500, MESSAGES.serverError);
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/abtest/search': () => list(),
    });
    renderApp('/abtest');
    const dialog = await screen.findByRole('dialog', { name: 'Server Error' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.getByText(`AB-tests not loaded: ${MESSAGES.serverError}`)).toBeTruthy();
    expect(screen.queryByText(/see the error above/)).toBeNull();
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(api.callsTo('/api/abtest/search')).toHaveLength(1);

    list = () => onePage([anAbTest({ id: 'spring-sale' })]);
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'spring-sale' })).toBeTruthy();
    expect(api.callsTo('/api/abtest/search')).toHaveLength(2);
    expect(screen.queryByText(/not loaded/)).toBeNull();
  });

  it('keeps focus on Retry, and says the new reason when the retry fails too', async () => {
    let reason = 'The environment dev cannot be read now';
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/plugin/list': () => fail(422, reason),
    });
    renderApp('/plugin');
    expect(await screen.findByText(`Plugins not loaded: ${reason}`)).toBeTruthy();
    reason = 'The environment dev is being restored';
    const retry = screen.getByRole('button', { name: 'Retry' });
    await userEvent.click(retry);
    expect(await screen.findByText(`Plugins not loaded: ${reason}`)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retry' }));
  });
});
