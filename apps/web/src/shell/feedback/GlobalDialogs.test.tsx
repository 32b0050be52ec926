import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GlobalDialogs } from './GlobalDialogs.tsx';
import { GlobalUiProvider } from './GlobalUiProvider.tsx';
import { type GlobalUiActions, useGlobalUi } from './globalUi.context.ts';
import { TOAST_AUTO_HIDE_MS } from './Toasts.tsx';

function Capture({ onActions }: { onActions(actions: GlobalUiActions): void }) {
  onActions(useGlobalUi());
  return null;
}

function renderGlobalUi() {
  let actions: GlobalUiActions | undefined;
  render(
    <GlobalUiProvider>
      <Capture
        onActions={(given) => {
          actions = given;
        }}
      />
      <GlobalDialogs />
    </GlobalUiProvider>,
  );
  if (!actions) throw new Error('not rendered');
  return actions;
}

describe('global dialogs', () => {
  it("shows 'Error: {title}' with the message and closes", async () => {
    const ui = renderGlobalUi();
    act(() => ui.showError('Saving failed', 'Weights cannot be empty'));
    const dialog = await screen.findByRole('dialog', { name: 'Error: Saving failed' });
    expect(dialog.textContent).toContain('Weights cannot be empty');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['Yes', true],
    ['No', false],
  ])('answers the confirmation with %s', async (button, answer) => {
    const ui = renderGlobalUi();
    let result: Promise<boolean> | undefined;
    act(() => {
      result = ui.confirm({ title: 'Delete connection?', message: 'The session will be closed.' });
    });
    await screen.findByRole('dialog', { name: 'Delete connection?' });
    await userEvent.click(screen.getByRole('button', { name: button }));
    await expect(result).resolves.toBe(answer);
  });

  it('hides a toast after 5000 ms', async () => {
    vi.useFakeTimers();
    try {
      const ui = renderGlobalUi();
      act(() => ui.toast('Saved'));
      expect(screen.getByText('Saved')).toBeTruthy();
      act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 100));
      expect(screen.getByText('Saved')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByText('Saved')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a titled toast for its own time, and a repeat replaces it instead of queueing', async () => {
    vi.useFakeTimers();
    try {
      const ui = renderGlobalUi();
      act(() => ui.toast('Draft saved', 'success', { title: 'AutoSave', autoHideMs: 2000 }));
      expect(screen.getByText('AutoSave')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1500));
      act(() => ui.toast('Draft saved', 'success', { title: 'AutoSave', autoHideMs: 2000 }));
      act(() => vi.advanceTimersByTime(1500));
      expect(screen.getAllByText('Draft saved')).toHaveLength(1);
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByText('Draft saved')).toBeNull();
      // the repeat was not queued behind the first one
      act(() => vi.advanceTimersByTime(5000));
      expect(screen.queryByText('AutoSave')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('replaces a toast of the same kind, shown or waiting, and keeps toasts of other kinds in turn', async () => {
    vi.useFakeTimers();
    try {
      const ui = renderGlobalUi();
      act(() => ui.toast('Rollout applied: 15.00% treatment', 'success', { kind: 'split' }));
      act(() => ui.toast('Plugin STORE switched on', 'success', { kind: 'switch' }));
      act(() => ui.toast('Rollout applied: 30.00% treatment', 'success', { kind: 'split' }));
      // the newer rollout at once, in the older one's place; the switch waits its turn
      expect(screen.getByText('Rollout applied: 30.00% treatment')).toBeTruthy();
      expect(screen.queryByText('Rollout applied: 15.00% treatment')).toBeNull();
      act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS + 100));
      await act(async () => vi.advanceTimersByTime(1000));
      expect(screen.getByText('Plugin STORE switched on')).toBeTruthy();
      expect(screen.queryByText(/Rollout applied/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs a toast action (Undo) and closes the toast', async () => {
    const ui = renderGlobalUi();
    const undo = vi.fn();
    act(() => ui.toast('Entry removed', 'success', { actions: [{ label: 'Undo', onClick: undo }] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Entry removed')).toBeNull());
  });
});
