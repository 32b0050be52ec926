import Check from '@mui/icons-material/Check';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { LazyMenu as Menu } from '../../shell/LazyMenu.tsx';
import { EnvironmentIndicator } from './EnvironmentIndicator.tsx';

// Loaded on first use: its text field is not needed for the first screen.
const CreateEnvironmentDialog = lazy(async () => ({
  default: (await import('./CreateEnvironmentDialog.tsx')).CreateEnvironmentDialog,
}));

/** spec §2: every environment, then 'Create environment' and 'Transfer'. */
export function EnvironmentMenu() {
  const { active, environments, select } = useActiveEnvironment();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isCreating, setCreating] = useState(false);
  const [hasOpenedCreate, setHasOpenedCreate] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        variant="outlined"
        aria-label={`Environment: ${active}`}
        aria-haspopup="menu"
        aria-controls={isOpen ? menuId : undefined}
        aria-expanded={isOpen ? 'true' : undefined}
        startIcon={<EnvironmentIndicator environment={active} />}
        endIcon={<KeyboardArrowDown />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 120, maxWidth: 280, justifyContent: 'space-between' }}
      >
        {/* ids run to 36 characters: keep the bar on one line on a laptop screen */}
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {active}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {environments.map((id) => (
          <MenuItem
            key={id}
            selected={id === active}
            onClick={() => {
              close();
              select(id);
            }}
          >
            <ListItemIcon>
              {id === active ? <Check fontSize="small" /> : <EnvironmentIndicator environment={id} />}
            </ListItemIcon>
            <ListItemText>{id}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setHasOpenedCreate(true);
            setCreating(true);
          }}
        >
          Create environment
        </MenuItem>
        <MenuItem component={Link} to="/transfer" onClick={close}>
          Transfer
        </MenuItem>
      </Menu>
      {hasOpenedCreate && (
        <Suspense fallback={null}>
          <CreateEnvironmentDialog open={isCreating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
