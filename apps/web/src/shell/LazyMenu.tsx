import type { MenuProps } from '@mui/material/Menu';
import { lazy, Suspense } from 'react';

const Menu = lazy(() => import('@mui/material/Menu'));

/**
 * MUI's Menu, not part of the first load: the navigation bar's menus are closed on the first screen, and
 * Menu with its Popover, Modal and focus trap is ~8 KB gzipped. Its chunk is requested when the bar first
 * renders, so it is there by the time a menu is opened.
 */
export function LazyMenu(props: MenuProps) {
  return (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  );
}
