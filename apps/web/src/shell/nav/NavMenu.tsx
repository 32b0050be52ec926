import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { KeyboardArrowDownIcon } from '../../components/icons.tsx';
import { isWithin, type NavMenuDefinition } from './navigation.ts';

const NavMenuList = lazy(async () => ({ default: (await import('./NavMenuList.tsx')).NavMenuList }));
const AwaitingReviewCount = lazy(async () => ({
  default: (await import('./AwaitingReviewCount.tsx')).AwaitingReviewCount,
}));

/** One drop-down menu of the navigation bar: its button, and its entries loaded after the first screen. */
export function NavMenu({ label, entries }: NavMenuDefinition) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const buttonId = useId();
  const menuId = useId();
  const isOpen = anchor !== null;
  const isCurrentSection = entries.some((entry) => entry !== 'divider' && isWithin(pathname, entry.to));
  const showsAwaitingReview = entries.some((entry) => entry !== 'divider' && entry.showsAwaitingReview);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={isOpen ? menuId : undefined}
        aria-expanded={isOpen ? 'true' : undefined}
        endIcon={<KeyboardArrowDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textDecoration: isCurrentSection ? 'underline' : 'none', textUnderlineOffset: 6 }}
      >
        {label}
        {showsAwaitingReview && (
          <Suspense fallback={null}>
            <AwaitingReviewCount />
          </Suspense>
        )}
      </Button>
      <Suspense fallback={null}>
        <NavMenuList
          menuId={menuId}
          buttonId={buttonId}
          entries={entries}
          anchor={anchor}
          onClose={() => setAnchor(null)}
        />
      </Suspense>
    </>
  );
}
