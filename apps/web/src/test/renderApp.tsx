import { render } from '@testing-library/react';
import { createQueryClient } from '../api/queryClient.ts';
import { App } from '../app/App.tsx';

/** Renders the whole app with its real router at `path`. */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  return { queryClient, ...render(<App queryClient={queryClient} />) };
}
