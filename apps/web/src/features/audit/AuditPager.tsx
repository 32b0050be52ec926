import { AUDIT_PAGE_LIMIT } from '@console/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface PagerProps {
  offset: number;
  shown: number;
  /** The previous page is still shown while the next loads: no range, no second click. */
  isLoading: boolean;
  onNewer(): void;
  onOlder(): void;
}

/** Which entries show, and Newer and Older. */
export function AuditPager({ offset, shown, isLoading, onNewer, onOlder }: PagerProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {isLoading ? '' : shown === 0 ? 'No entries' : `Entries ${offset + 1}–${offset + shown}`}
      </Typography>
      <Button size="small" onClick={onNewer} disabled={isLoading || offset === 0}>
        Newer
      </Button>
      <Button size="small" onClick={onOlder} disabled={isLoading || shown < AUDIT_PAGE_LIMIT}>
        Older
      </Button>
    </Box>
  );
}
