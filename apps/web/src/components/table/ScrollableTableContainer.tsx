import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import TableContainer from '@mui/material/TableContainer';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { VISIBLE_SCROLLBARS_SX } from '../scrollbars.ts';

// A table wider or taller than the screen scrolls inside its own box, which fits the window below the navigation
// bar: its scrollbars are on screen once the table is, instead of under the last of a hundred rows. The column
// that names a row (its id) and the row's actions stay in place while the rest scrolls sideways (sticky), each
// with a shadow on the side where columns are hidden, so the operator sees there is more.

/** The cells of the column naming each row: they stay at the left edge while the table scrolls sideways. */
export const STICKY_START_SX = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  '.MuiTableHead-root &': { zIndex: 3 },
  '[data-hidden-start] &': { boxShadow: (theme: Theme) => `6px 0 6px -4px ${edgeShadowColor(theme)}` },
};

/** A State column's width: its switch stays at the left edge, the id column right beside it. */
const STATE_COLUMN_WIDTH = 90;

/**
 * The cells of a leading State column (a row's on/off switch is one of its actions): they stay at the left edge,
 * at a fixed width, so the id column can stay in view right beside them (STICKY_AFTER_STATE_SX).
 */
export const STICKY_STATE_SX = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxSizing: 'border-box',
  width: STATE_COLUMN_WIDTH,
  minWidth: STATE_COLUMN_WIDTH,
  '.MuiTableHead-root &': { zIndex: 3 },
};

/** The id column's cells when a sticky State column comes first. */
export const STICKY_AFTER_STATE_SX = { ...STICKY_START_SX, left: STATE_COLUMN_WIDTH };

/** The cells of the row actions' column: they stay at the right edge while the table scrolls sideways. */
export const STICKY_END_SX = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  '.MuiTableHead-root &': { zIndex: 3 },
  '[data-hidden-end] &': { boxShadow: (theme: Theme) => `-6px 0 6px -4px ${edgeShadowColor(theme)}` },
};

const edgeShadowColor = (theme: Theme) =>
  theme.palette.mode === 'dark' ? 'rgba(0, 0, 0, 0.8)' : 'rgba(0, 0, 0, 0.25)';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * Which sides of the scrolled box hide columns, as data attributes the sticky cells' shadows follow; and
 * whether the box itself must take the focus: it scrolls and holds nothing that does (a table of text at 200%
 * zoom), so the keyboard could not scroll it otherwise.
 */
function useHiddenSides() {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false, isFocusable: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const start = box.scrollLeft > 0;
    // a pixel of rounding at the right edge is not a hidden column
    const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    const isScrolling = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    const isFocusable = isScrolling && box.querySelector(FOCUSABLE) === null;
    setHidden((current) =>
      current.start === start && current.end === end && current.isFocusable === isFocusable
        ? current
        : { start, end, isFocusable },
    );
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    measure();
    // the box and its table change size with the window and the rows (jsdom, in unit tests, has no observer)
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, measure, hidden };
}

/** The box of a table that may be wider (or taller) than the screen; see above. `label`: the table's name. */
export function ScrollableTableContainer({ label, children }: { label?: string; children: ReactNode }) {
  const { ref, measure, hidden } = useHiddenSides();
  return (
    <TableContainer
      ref={ref}
      component={Paper}
      variant="outlined"
      onScroll={measure}
      {...(hidden.isFocusable ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}
      data-hidden-start={hidden.start || undefined}
      data-hidden-end={hidden.end || undefined}
      // the navigation bar is 68 px high; the rest of the window is the table's at most
      sx={{ maxHeight: 'calc(100vh - 96px)', overflow: 'auto', ...VISIBLE_SCROLLBARS_SX }}
    >
      {children}
    </TableContainer>
  );
}
