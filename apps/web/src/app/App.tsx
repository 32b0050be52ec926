import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient.ts';
import { GlobalUiProvider } from '../shell/GlobalUiProvider.tsx';
import { routes } from './routes.tsx';

export function App({ queryClient: givenClient }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalUiProvider>
        <RouterProvider router={router} />
      </GlobalUiProvider>
    </QueryClientProvider>
  );
}
