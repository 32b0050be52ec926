import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('Environment Comparison (Security menu)', () => {
  it('diffs with the chosen environment and sends the ticked plugins to the transfer screen', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/runtime/compare': () =>
        ok({
          environment: 'dev',
          revision: 7,
          other: 'stable',
          otherRevision: 3,
          diff: { plugins: [], abTests: [], configurations: [], release: [] },
          lines: [
            'Plugin DUEL (4)',
            '  enabled: true → false',
            'Plugin STORE (9)',
            '  enabled: false → true',
          ],
          plugins: [
            { id: 4, name: 'DUEL', lines: ['Plugin DUEL (4)', '  enabled: true → false'] },
            { id: 9, name: 'STORE', lines: ['Plugin STORE (9)', '  enabled: false → true'] },
          ],
          moves: [],
        }),
    });
    renderApp('/security/compare');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Compare with' }));
    expect(screen.queryByRole('option', { name: 'dev' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'stable' }));
    await screen.findByRole('heading', { name: 'dev (revision 7) → stable (revision 3)' });
    expect(api.callsTo('/api/runtime/compare').map((call) => call.body)).toEqual([{ other: 'stable' }]);
    // The environment compared with is in the URL: a reload shows the same comparison.
    expect(window.location.search).toBe('?with=stable');
    const transfer = screen.getByRole('button', { name: 'Transfer selected' }) as HTMLButtonElement;
    expect(transfer.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select STORE' }));
    await userEvent.click(transfer);
    await screen.findByRole('heading', { name: 'Configuration Transfer' });
    expect(
      screen.getByText(
        'Selected on Environment Comparison: only plugins 9 travel, with what they need; the other plugins stay as they are.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Source' }).textContent).toContain('stable');
    expect(screen.getByRole('combobox', { name: 'Destination' }).textContent).toContain('dev');
    expect((screen.getByRole('radio', { name: 'Merge' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'A/B-tests' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Plugins' }) as HTMLInputElement).checked).toBe(true);
  });

  it('opens the comparison named in the URL, and ignores one with itself or an unknown environment', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable']),
      '/api/runtime/compare': () =>
        ok({
          environment: 'dev',
          revision: 7,
          other: 'stable',
          otherRevision: 3,
          diff: { plugins: [], abTests: [], configurations: [], release: [] },
          lines: [],
          plugins: [],
          moves: [],
        }),
    });
    renderApp('/security/compare?with=stable');
    await screen.findByRole('heading', { name: 'dev (revision 7) → stable (revision 3)' });
    cleanup();
    renderApp('/security/compare?with=dev');
    await screen.findByRole('combobox', { name: 'Compare with' });
    cleanup();
    renderApp('/security/compare?with=nowhere');
    await screen.findByRole('combobox', { name: 'Compare with' });
    expect(api.callsTo('/api/runtime/compare').map((call) => call.body)).toEqual([{ other: 'stable' }]);
  });
});
