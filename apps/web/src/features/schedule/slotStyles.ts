import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';

/** The colours of slots, shared by the timeline and its legend. */
export const slotStyles = (theme: Theme) => {
  const { primary, secondary, error, text, grey } = theme.palette;
  // now is the Now line's colour; the past greys out
  return {
    '& .slot': { p: 0, height: 24, boxShadow: `inset 1px 0 0 ${theme.palette.divider}` },
    '& .slot.day-start': { boxShadow: `inset 1px 0 0 ${text.disabled}` },
    '& .slot-off.slot-history': { bgcolor: alpha(text.primary, 0.07) },
    '& .slot-off.slot-active': { bgcolor: alpha(secondary.main, 0.18) },
    '& .slot-on.slot-history': { bgcolor: grey[500] },
    '& .slot-on.slot-active': { bgcolor: secondary.main },
    '& .slot-on.slot-future': { bgcolor: primary.main },
    '& .slot-conflict': {
      backgroundImage: `repeating-linear-gradient(135deg, ${error.main} 0 2px, transparent 2px 6px)`,
    },
  };
};
