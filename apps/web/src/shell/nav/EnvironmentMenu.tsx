import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { lazy, type RefObject, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { KeyboardArrowDownIcon } from '../../components/icons.tsx';
import { useActiveEnvironment } from '../environment/environment.context.ts';
import { EnvironmentIndicator } from './EnvironmentIndicator.tsx';

// The drop-down and its filter field are not in the first load (see NavMenuList); the dialog is loaded on first use.
const EnvironmentMenuList = lazy(async () => ({
  default: (await import('./EnvironmentMenuList.tsx')).EnvironmentMenuList,
}));
const CreateEnvironmentDialog = lazy(async () => ({
  default: (await import('./CreateEnvironmentDialog.tsx')).CreateEnvironmentDialog,
}));

/** The navigation bar's environment button: the active environment, and the menu to change it. */
export function EnvironmentMenu() {
  const { active } = useActiveEnvironment();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isCreating, setCreating] = useState(false);
  const [hasOpenedCreate, setHasOpenedCreate] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const isOpen = anchor !== null;

  const name = useRef<HTMLSpanElement>(null);
  const isNameCut = useIsCut(name, active);

  return (
    <>
      {/* The name is cut only when it is wider than a whole row of the bar: then its full id on hover and focus. */}
      <Tooltip title={isNameCut ? active : ''} describeChild>
        <Button
          id={buttonId}
          color="inherit"
          variant="outlined"
          aria-label={`Environment: ${active}`}
          aria-haspopup="menu"
          aria-controls={isOpen ? menuId : undefined}
          aria-expanded={isOpen ? 'true' : undefined}
          startIcon={<EnvironmentIndicator environment={active} />}
          endIcon={<KeyboardArrowDownIcon />}
          onClick={(event) => setAnchor(event.currentTarget)}
          // The whole name (ids run to 36 characters) fits a 1024 px bar; the bar wraps before it shrinks, so it
          // shrinks only when it is wider than a row (a long id at 320 px), and then shows its first characters.
          sx={{
            textTransform: 'none',
            minWidth: 0,
            justifyContent: 'space-between',
            '&&': { flexShrink: 1 },
          }}
        >
          <Box
            component="span"
            ref={name}
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {active}
          </Box>
        </Button>
      </Tooltip>
      <Suspense fallback={null}>
        <EnvironmentMenuList
          menuId={menuId}
          buttonId={buttonId}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          onCreate={() => {
            setHasOpenedCreate(true);
            setCreating(true);
          }}
        />
      </Suspense>
      {hasOpenedCreate && (
        <Suspense fallback={null}>
          <CreateEnvironmentDialog open={isCreating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Whether the element's text is cut (ellipsis), following its size. */
function useIsCut(element: RefObject<HTMLElement | null>, text: string): boolean {
  const [isCut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again
  useLayoutEffect(() => {
    const node = element.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => setCut(node.scrollWidth > node.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element, text]);
  return isCut;
}
