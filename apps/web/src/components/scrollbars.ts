/**
 * Scrollbars drawn at all times, also where the system would hide them until the pointer scrolls (overlay
 * scrollbars): on a box that scrolls sideways, the bar is what tells the operator there is more. Chromium and
 * Safari draw these styled bars; others keep their own.
 */
export const VISIBLE_SCROLLBARS_SX = {
  '&::-webkit-scrollbar': { width: 12, height: 12 },
  '&::-webkit-scrollbar-thumb': {
    bgcolor: 'action.disabled',
    borderRadius: 6,
    border: '3px solid transparent',
    backgroundClip: 'padding-box',
  },
  '&::-webkit-scrollbar-corner': { bgcolor: 'transparent' },
} as const;
