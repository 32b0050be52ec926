import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Loading } from './Loading.tsx';

/** Shown where a list or page would be when its load failed; the error banner above says why. */
export const NOT_LOADED_TEXT = 'Not loaded: see the error above.';

interface LoadedQuery<T> {
  data: T | undefined;
  isError: boolean;
}

/**
 * Loading, failed and loaded are three different states. Until an answer comes, the loading
 * indicator; a failed load shows "Not loaded", never the list's empty text (which would read as
 * "this environment has none"); an answer (also one kept while a later reload fails) shows its content.
 */
export function QueryContent<T>({
  query,
  children,
}: {
  query: LoadedQuery<T>;
  children(data: T): ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <Typography sx={{ color: 'text.secondary', p: 2 }}>{NOT_LOADED_TEXT}</Typography>;
  return <Loading />;
}
