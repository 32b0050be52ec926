import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { type Location, useLocation } from 'react-router';
import { Page } from '../components/Page.tsx';

/**
 * Shows the error page in place of its children when they fail to load or render, and tries them again
 * on the next navigation, as a data router's `errorElement` does (the app uses the declarative router,
 * which is half the size of the data router and needs none of its loaders or actions).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary location={useLocation()}>{children}</ErrorBoundary>;
}

interface ErrorBoundaryProps {
  location: Location;
  children: ReactNode;
}

interface ErrorBoundaryState {
  /** Wrapped, so that a thrown `undefined` still counts as an error. */
  failure: { error: unknown } | null;
  location: Location;
}

class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteErrorPage error={failure.error} /> : this.props.children;
  }
}

/** A page that failed to load or render (typically a chunk gone after a new deployment). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return (
    <Page title="Something went wrong">
      <Typography sx={{ mb: 2 }}>{message}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </Page>
  );
}
