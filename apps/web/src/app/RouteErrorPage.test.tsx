import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorPage.tsx';

function FailingPage(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

function TestRoutes() {
  return useRoutes([
    {
      element: (
        <>
          <Link to="/fine">Elsewhere</Link>
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </>
      ),
      children: [
        { path: 'broken', element: <FailingPage /> },
        { path: 'fine', element: <p>Fine page</p> },
      ],
    },
  ]);
}

describe('route error boundary', () => {
  it('shows the error page in place of a failing page and leaves it on the next navigation', async () => {
    // React reports the error it caught; here that is the point of the test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <TestRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Fine page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
