import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link, useLocation } from 'react-router';
import { AwaitingReviewCount } from './AwaitingReviewCount.tsx';
import { isWithin, type NavEntry } from './navigation.ts';

type NavMenuListProps = {
  menuId: string;
  buttonId: string;
  entries: readonly NavEntry[];
  anchor: HTMLElement | null;
  onClose: () => void;
};

/**
 * The drop-down of a navigation bar menu; its entries are links. Not part of the first load: the menus are
 * closed on the first screen, and MUI's Menu with its Popover, Modal, focus trap and items is ~17 KB
 * gzipped. The buttons render it (closed) at once, so its chunk is requested when the bar first renders
 * and is there by the time a menu is opened.
 */
export function NavMenuList({ menuId, buttonId, entries, anchor, onClose }: NavMenuListProps) {
  const { pathname } = useLocation();
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      // Opened inside the navigation bar, the menu would inherit the bar's text colour
      slotProps={{ list: { 'aria-labelledby': buttonId }, paper: { sx: { color: 'text.primary' } } }}
    >
      {entries.map((entry, index) =>
        entry === 'divider' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: dividers have no identity besides their place
          <Divider key={`divider-${index}`} />
        ) : (
          <MenuItem
            key={entry.to}
            component={Link}
            to={entry.to}
            onClick={onClose}
            selected={isWithin(pathname, entry.to)}
          >
            {entry.label}
            {entry.showsAwaitingReview && <AwaitingReviewCount />}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
