import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatSlot } from './scheduleTimeline.ts';

interface TimelineOutsideViewHintProps {
  /** The first active slot left of the view, and the last one right of it (their start times); null when shown. */
  before: number | null;
  after: number | null;
  slotDurationMs: number;
  onScroll(direction: -1 | 1): void;
}

/**
 * Says that configurations run where the timeline is scrolled away, and until or since when, so an operator
 * does not take an empty view for an empty schedule.
 */
export function TimelineOutsideViewHint({
  before,
  after,
  slotDurationMs,
  onScroll,
}: TimelineOutsideViewHintProps) {
  if (before === null && after === null) return null;
  const sides = [
    before === null ? null : `to the left (from ${formatSlot(before, slotDurationMs)})`,
    after === null ? null : `to the right (until ${formatSlot(after, slotDurationMs)})`,
  ].filter((side) => side !== null);
  return (
    <Alert
      severity="info"
      role="status"
      aria-label="Active slots outside the view"
      sx={{ mb: 1 }}
      action={
        <Stack direction="row" spacing={1}>
          {before !== null && (
            <Button color="inherit" size="small" onClick={() => onScroll(-1)}>
              Scroll left
            </Button>
          )}
          {after !== null && (
            <Button color="inherit" size="small" onClick={() => onScroll(1)}>
              Scroll right
            </Button>
          )}
        </Stack>
      }
    >
      {`Configurations run outside the view, ${sides.join(' and ')}: scroll the timeline to see them.`}
    </Alert>
  );
}
