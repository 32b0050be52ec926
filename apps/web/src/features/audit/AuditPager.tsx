import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface PagerProps {
  offset: number;
  shown: number;
  /** The previous page is still shown while the next loads: no range, no second click. */
  isLoading: boolean;
  /** Another, older page follows. */
  hasOlder: boolean;
  onNewer(): void;
  onOlder(): void;
}

/** Which entries show, and Newer and Older. */
export function AuditPager({ offset, shown, isLoading, hasOlder, onNewer, onOlder }: PagerProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {isLoading ? '' : shown === 0 ? 'No entries' : `Entries ${offset + 1}–${offset + shown}`}
      </Typography>
      <Button size="small" onClick={onNewer} disabled={isLoading || offset === 0}>
        Newer
      </Button>
      <Button size="small" onClick={onOlder} disabled={isLoading || !hasOlder}>
        Older
      </Button>
    </Box>
  );
}
