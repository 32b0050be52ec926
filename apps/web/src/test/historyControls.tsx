import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';

/**
 * Beside a screen under test in a memory router: the URL it is at, and the browser's Back and Forward,
 * for the checks that a screen's view state lives in the URL.
 */
export function HistoryControls() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="url">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        History back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        History forward
      </button>
    </>
  );
}

/** The URL HistoryControls shows. */
export const currentUrl = () => screen.getByRole('status', { name: 'url' }).textContent ?? '';
export const historyBack = () => userEvent.click(screen.getByRole('button', { name: 'History back' }));
export const historyForward = () => userEvent.click(screen.getByRole('button', { name: 'History forward' }));
