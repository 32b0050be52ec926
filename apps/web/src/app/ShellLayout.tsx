import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { lazy, Suspense, useRef } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/Loading.tsx';
import { branchOf } from '../shell/environment/branch.ts';
import { EnvironmentProvider } from '../shell/environment/EnvironmentProvider.tsx';
import { useActiveEnvironment } from '../shell/environment/environment.context.ts';
import { useEnvironmentListQuery } from '../shell/environment/environment.queries.ts';
import { useGlobalUiState } from '../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../shell/feedback/useErrorBanner.ts';
import { useFocusHeadingOnNavigate } from '../shell/focus/useFocusHeadingOnNavigate.ts';
import { NavBar } from '../shell/nav/NavBar.tsx';
import { UnauthorizedPage } from '../shell/session/UnauthorizedPage.tsx';
import { ThemedFrame } from '../shell/theme/ThemedFrame.tsx';
import { themeForEnvironment } from '../shell/theme/theme.ts';

/** Every signed-in screen: navigation bar on top, the page below, in the active environment's theme. */
export function ShellLayout() {
  return (
    <EnvironmentProvider>
      <EnvironmentShell />
    </EnvironmentProvider>
  );
}

function EnvironmentShell() {
  const { active, isReady } = useActiveEnvironment();
  const { isUnauthorized } = useGlobalUiState();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main);
  return (
    <ThemedFrame theme={themeForEnvironment(active)}>
      {isUnauthorized ? (
        <UnauthorizedPage />
      ) : (
        <>
          <SkipToContent />
          <NavBar />
          <Container
            component="main"
            ref={main}
            id={MAIN_ID}
            tabIndex={-1}
            maxWidth="xl"
            sx={{ py: 3, outline: 'none' }}
          >
            <EnvironmentListBanner />
            <Suspense fallback={null}>
              <ProposeChangeOffer />
            </Suspense>
            {isReady && <BranchBannerOf environment={active} />}
            {isReady ? (
              // An environment switch remounts the screen: forms and local state start over in the new
              // environment without per-screen reset effects.
              <Suspense key={active} fallback={<Loading />}>
                <Outlet />
              </Suspense>
            ) : (
              <Loading />
            )}
          </Container>
        </>
      )}
    </ThemedFrame>
  );
}

// Not part of the first load (its Alert is only shown when the list fails); requested on first render.
const ErrorBanner = lazy(async () => ({
  default: (await import('../shell/feedback/ErrorBanner.tsx')).ErrorBanner,
}));

// Loaded right after the first screen: a refusal for review comes from a change the operator makes later.
const ProposeChangeOffer = lazy(async () => ({
  default: (await import('../shell/feedback/ProposeChangeOffer.tsx')).ProposeChangeOffer,
}));

// Shown only inside a change request's branch, with the request's declarations: not part of the first load.
const BranchBanner = lazy(async () => ({
  default: (await import('../shell/environment/BranchBanner.tsx')).BranchBanner,
}));

function BranchBannerOf({ environment }: { environment: string }) {
  const branch = branchOf(environment);
  if (!branch) return null;
  return (
    <Suspense fallback={null}>
      <BranchBanner key={environment} branch={branch} />
    </Suspense>
  );
}

const MAIN_ID = 'main';

/** Keyboard users reach the page without tabbing through the navigation bar. */
function SkipToContent() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        p: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}

function EnvironmentListBanner() {
  const banner = useErrorBanner();
  useReportQueryError(banner, useEnvironmentListQuery().error);
  return (
    <Suspense fallback={null}>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
    </Suspense>
  );
}
