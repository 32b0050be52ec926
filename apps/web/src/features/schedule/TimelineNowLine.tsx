import Box from '@mui/material/Box';
import { formatUtcInstant } from './scheduleTimeline.ts';

/** The vertical "Now" line across the timeline, at the answer's `now`. */
export function TimelineNowLine({ now, left }: { now: number; left: number }) {
  return (
    <Box
      role="img"
      aria-label={`Now: ${formatUtcInstant(now)}`}
      title={`Now: ${formatUtcInstant(now)}`}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left,
        width: 2,
        ml: '-1px',
        zIndex: 3,
        bgcolor: 'secondary.main',
        pointerEvents: 'none',
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: 2,
          left: 3,
          px: 0.5,
          borderRadius: 0.5,
          fontSize: '0.7rem',
          lineHeight: 1.4,
          color: 'secondary.contrastText',
          bgcolor: 'secondary.main',
        }}
      >
        Now
      </Box>
    </Box>
  );
}
