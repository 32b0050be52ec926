import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Loading } from '../../components/Loading.tsx';

interface ReleaseSectionProps<T> {
  title: string;
  data: T | undefined;
  isPending: boolean;
  children(data: T): ReactNode;
}

/** One section of the Release Info screen: its heading, then its form once its values are loaded. */
export function ReleaseSection<T>({ title, data, isPending, children }: ReleaseSectionProps<T>) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {data !== undefined ? children(data) : isPending ? <Loading /> : null}
    </Paper>
  );
}
