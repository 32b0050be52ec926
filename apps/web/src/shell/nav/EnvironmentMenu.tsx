import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { Identifier } from '../../components/Identifier.tsx';
import { KeyboardArrowDownIcon } from '../../components/icons.tsx';
import { environmentLabel } from '../environment/branch.ts';
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

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        variant="outlined"
        aria-label={`Environment: ${environmentLabel(active)}`}
        aria-haspopup="menu"
        aria-controls={isOpen ? menuId : undefined}
        aria-expanded={isOpen ? 'true' : undefined}
        startIcon={<EnvironmentIndicator environment={active} />}
        endIcon={<KeyboardArrowDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        // The whole name (ids run to 36 characters) fits a 1024 px bar on one line. The bar wraps onto more rows
        // before the button shrinks, so it shrinks only when it is wider than a whole row (a long id at 320 px):
        // then the name wraps after its separators, whole, rather than be cut.
        sx={{ textTransform: 'none', minWidth: 0, justifyContent: 'space-between', '&&': { flexShrink: 1 } }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', textAlign: 'left' }}>
          {/* Inside a change request's branch: "Change request 12 of prod" */}
          <Identifier id={environmentLabel(active)} />
        </Box>
      </Button>
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
