import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import { slotStyles } from './slotStyles.ts';

/** The first column's width: plugins and configurations. */
export const LABEL_WIDTH = 260;

/**
 * The timeline table's look: the first column stays put while the slots scroll sideways, the days stay
 * on top while the rows scroll, and thousands of slot cells are styled by class from this one rule set.
 */
export function timelineTableSx(theme: Theme, width: number) {
  return {
    width,
    tableLayout: 'fixed',
    borderCollapse: 'separate',
    borderSpacing: 0,
    '& .label': {
      position: 'sticky',
      left: 0,
      zIndex: 4,
      width: LABEL_WIDTH,
      bgcolor: 'background.paper',
      textAlign: 'left',
      fontWeight: 'normal',
      px: 1,
      py: 0.25,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      boxShadow: `inset -1px 0 0 ${theme.palette.divider}`,
    },
    // the days stay on top while the rows scroll
    '& thead th': {
      height: 40,
      verticalAlign: 'bottom',
      pb: 0.5,
      position: 'sticky',
      top: 0,
      zIndex: 2,
      bgcolor: 'background.paper',
    },
    '& thead th.label': { zIndex: 5 },
    '& .day': { fontWeight: 'normal', boxShadow: `inset 1px 0 0 ${theme.palette.text.disabled}` },
    '& .day.today': { fontWeight: 'bold' },
    '& .plugin > *': { bgcolor: alpha(theme.palette.text.primary, 0.04), pt: 1 },
    '& .plugin .label': { bgcolor: 'background.paper', fontWeight: 'bold' },
    ...slotStyles(theme),
  } as const;
}
