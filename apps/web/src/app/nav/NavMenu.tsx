import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LazyMenu as Menu } from '../../shell/LazyMenu.tsx';
import type { NavMenuDefinition } from './navigation.ts';

/** One drop-down menu of the navigation bar; its entries are links. */
export function NavMenu({ label, entries }: NavMenuDefinition) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const buttonId = useId();
  const menuId = useId();
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);
  const isCurrentSection = entries.some((entry) => entry !== 'divider' && isWithin(pathname, entry.to));

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={isOpen ? menuId : undefined}
        aria-expanded={isOpen ? 'true' : undefined}
        endIcon={<KeyboardArrowDown />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textDecoration: isCurrentSection ? 'underline' : 'none', textUnderlineOffset: 6 }}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
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
              onClick={close}
              selected={isWithin(pathname, entry.to)}
            >
              {entry.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}

function isWithin(pathname: string, to: string): boolean {
  if (to === '/plugin')
    return pathname === '/plugin' || (pathname.startsWith('/plugin/') && pathname !== '/plugin/overview');
  return pathname === to || pathname.startsWith(`${to}/`);
}
