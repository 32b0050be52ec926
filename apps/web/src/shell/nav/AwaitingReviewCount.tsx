import Box from '@mui/material/Box';
import { useLazyEndpointQuery } from '../../api/hooks.ts';
import { shellEndpoints } from '../shell.endpoints.ts';

// Read again now and then: another admin's request reaches the menu without a reload.
const AWAITING_REFRESH_MS = 60_000;

const HIDDEN_SX = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * How many change requests await the signed-in user's review, beside the Security menu and its Change
 * Requests entry; nothing while none do. Loaded after the first screen (see NavMenuList).
 */
export function AwaitingReviewCount() {
  const count = useLazyEndpointQuery(shellEndpoints.awaitingReview, {
    refetchInterval: AWAITING_REFRESH_MS,
  }).data?.count;
  if (!count) return null;
  return (
    <Box
      component="span"
      data-testid="awaiting-review-count"
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 20,
        borderRadius: 10,
        fontSize: 12,
        lineHeight: '20px',
        textAlign: 'center',
        bgcolor: 'error.main',
        color: 'error.contrastText',
      }}
    >
      <span aria-hidden>{count}</span>
      <Box component="span" sx={HIDDEN_SX}>{`, ${count} awaiting your review`}</Box>
    </Box>
  );
}
