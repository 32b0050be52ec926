import Container from '@mui/material/Container';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/Loading.tsx';
import { ThemedFrame } from '../shell/theme/ThemedFrame.tsx';
import { lightTheme } from '../shell/theme/theme.ts';

/** Pages reachable without a session (login, logout): no navigation bar, no environment. */
export function PublicLayout() {
  return (
    <ThemedFrame theme={lightTheme}>
      <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Container>
    </ThemedFrame>
  );
}
