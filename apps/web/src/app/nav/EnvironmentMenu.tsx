import Check from '@mui/icons-material/Check';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { LazyMenu as Menu } from '../../shell/LazyMenu.tsx';
import { EnvironmentIndicator } from './EnvironmentIndicator.tsx';

// Loaded on first use: its text field is not needed for the first screen.
const CreateEnvironmentDialog = lazy(async () => ({
  default: (await import('./CreateEnvironmentDialog.tsx')).CreateEnvironmentDialog,
}));

/** Above this many environments the menu offers a filter and puts its two actions first. */
export const MANY_ENVIRONMENTS = 12;

const matches = (id: string, filter: string) => id.toLowerCase().includes(filter.trim().toLowerCase());

/**
 * spec §2: every environment, then 'Create environment' and 'Transfer'. With many environments
 * (issue 9: 30+) those two come first and a filter narrows the list, so they never scroll away.
 */
export function EnvironmentMenu() {
  const { active, environments, select } = useActiveEnvironment();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isCreating, setCreating] = useState(false);
  const [hasOpenedCreate, setHasOpenedCreate] = useState(false);
  const [filter, setFilter] = useState('');
  const menuListRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const isOpen = anchor !== null;
  const hasMany = environments.length > MANY_ENVIRONMENTS;
  const shown = hasMany ? environments.filter((id) => matches(id, filter)) : environments;
  const close = () => {
    setAnchor(null);
    setFilter('');
  };

  const environmentItems = shown.map((id) => (
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
  ));
  const actionItems = [
    <MenuItem
      key="create"
      onClick={() => {
        close();
        setHasOpenedCreate(true);
        setCreating(true);
      }}
    >
      Create environment
    </MenuItem>,
    <MenuItem key="transfer" component={Link} to="/transfer" onClick={close}>
      Transfer
    </MenuItem>,
  ];

  // The menu's own keys (type-ahead, arrows) must not take the filter's typing; ArrowDown enters the list.
  const onFilterKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      menuListRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    }
    if (event.key !== 'Escape' && event.key !== 'Tab') event.stopPropagation();
  };

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
        // With the filter, focus goes to the filter (its autoFocus), not to the list.
        autoFocus={!hasMany}
        slotProps={{ list: { 'aria-labelledby': buttonId, ref: menuListRef } }}
      >
        {hasMany
          ? [
              <Box key="filter" component="li" role="none" sx={{ px: 2, pt: 0.5, pb: 1 }}>
                <TextField
                  size="small"
                  label="Filter environments"
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                  onKeyDown={onFilterKeyDown}
                  autoFocus
                  fullWidth
                  autoComplete="off"
                />
              </Box>,
              ...actionItems,
              <Divider key="divider" />,
              ...environmentItems,
              ...(shown.length === 0
                ? [
                    <MenuItem key="none" disabled>
                      No environment matches
                    </MenuItem>,
                  ]
                : []),
            ]
          : [...environmentItems, <Divider key="divider" />, ...actionItems]}
      </Menu>
      {hasOpenedCreate && (
        <Suspense fallback={null}>
          <CreateEnvironmentDialog open={isCreating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
