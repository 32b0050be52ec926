import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  UNSAFE_createBrowserHistory,
  useRoutes,
} from 'react-router';
import { createQueryClient } from '../api/queryClient.ts';
import { guardHistory } from '../components/form/guardedHistory.ts';
import { GlobalUiProvider } from '../shell/feedback/GlobalUiProvider.tsx';
import { routes } from './routes.tsx';

export function App({ queryClient: givenClient }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  // BrowserRouter's own history, guarded: leaving unsaved changes asks first (components/form/guardedHistory.ts).
  const [history] = useState(() => guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true })));
  // The declarative router: the app has no loaders or actions, and the data router would add ~16 KB
  // gzipped to the first load (docs/decisions/0020).
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalUiProvider>
        <HistoryRouter history={history}>
          <AppRoutes />
        </HistoryRouter>
      </GlobalUiProvider>
    </QueryClientProvider>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
