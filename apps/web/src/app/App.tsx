import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { createQueryClient } from '../api/queryClient.ts';
import { GlobalUiProvider } from '../shell/feedback/GlobalUiProvider.tsx';
import { routes } from './routes.tsx';

export function App({ queryClient: givenClient }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  // The declarative router: the app has no loaders or actions, and the data router would add ~16 KB
  // gzipped to the first load (docs/decisions.md, "First load").
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalUiProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </GlobalUiProvider>
    </QueryClientProvider>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
