import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Page } from './Page.tsx';

interface NotFoundNoticeProps {
  /** The spec's heading, e.g. "AB-test not found". */
  title: string;
  text: string;
  /** Where the operator finds what exists instead. */
  backTo: string;
  backLabel: string;
}

/** A details screen whose item does not exist: says so and links back to the list. */
export function NotFoundNotice({ title, text, backTo, backLabel }: NotFoundNoticeProps) {
  return (
    <Page title={title}>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      <Link component={RouterLink} to={backTo}>
        {backLabel}
      </Link>
    </Page>
  );
}
