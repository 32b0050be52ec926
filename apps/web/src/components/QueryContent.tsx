import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { whileBusy } from './busy.ts';
import { Loading } from './Loading.tsx';

/** What a failed load says in place of its content: what failed and why, beside a Retry button. */
export const notLoadedText = (what: string, reason: string) => `${what} not loaded: ${reason}`;
export const RETRY_LABEL = 'Retry';

interface FailedQuery {
  error: Error | null;
  isFetching: boolean;
  refetch(): unknown;
}

interface LoadedQuery<T> extends FailedQuery {
  data: T | undefined;
  isError: boolean;
}

/**
 * A failed load in place of its content: what was not loaded and why, and Retry (which stays focusable while
 * the retry runs, so a keyboard user keeps their place).
 */
export function NotLoaded({ what, query }: { what: string; query: FailedQuery }) {
  return (
    <Alert
      severity="warning"
      sx={{ my: 1 }}
      action={
        <Button color="inherit" size="small" {...whileBusy(query.isFetching, () => void query.refetch())}>
          {RETRY_LABEL}
        </Button>
      }
    >
      {notLoadedText(what, query.error?.message ?? 'the request failed')}
    </Alert>
  );
}

/**
 * Loading, failed and loaded are three different states. Until an answer comes, the loading
 * indicator; a failed load says what was not loaded and why, with Retry, never the list's empty text (which
 * would read as "this environment has none"). It says so itself rather than pointing at the error banner: a
 * 401 or 500 has no banner (its page or modal is gone once closed), and a banner can be dismissed. An answer
 * (also one kept while a later reload fails) shows its content.
 */
export function QueryContent<T>({
  query,
  what = 'This content',
  children,
}: {
  query: LoadedQuery<T>;
  /** What the query loads, as the sentence's subject ("AB-tests"). */
  what?: string;
  children(data: T): ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <NotLoaded what={what} query={query} />;
  return <Loading />;
}
