import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';
import { branchOf, environmentLabel } from '../environment/branch.ts';
import { useActiveEnvironment } from '../environment/environment.context.ts';
import { NeedsRight } from '../session/rights.tsx';
import { ARCHIVE_ENVIRONMENT_RIGHT, SAVE_ENVIRONMENT_RIGHT, WEBHOOKS_RIGHT } from '../shell.endpoints.ts';
import { EnvironmentIndicator } from './EnvironmentIndicator.tsx';

/** Above this many environments the menu offers a filter and puts its two actions first. */
export const MANY_ENVIRONMENTS = 12;

const matches = (id: string, filter: string) => id.toLowerCase().includes(filter.trim().toLowerCase());

type EnvironmentMenuListProps = {
  menuId: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onCreate: () => void;
};

/**
 * The environment menu's drop-down: every environment, then 'Create environment',
 * 'Transfer', 'Archive environments' (admins: the Environments screen) and 'Webhooks' (the active environment's
 * subscriptions, for its admins). With many environments (30+) a
 * filter narrows the list; the actions come first (so they never scroll away) until something is typed, then
 * the matching environments do. Loaded lazily by EnvironmentMenu (see NavMenuList for why).
 */
export function EnvironmentMenuList({
  menuId,
  buttonId,
  anchor,
  onClose,
  onCreate,
}: EnvironmentMenuListProps) {
  const { active, environments, select } = useActiveEnvironment();
  const [filter, setFilter] = useState('');
  const menuListRef = useRef<HTMLUListElement>(null);
  const hasMany = environments.length > MANY_ENVIRONMENTS;
  const shown = hasMany ? environments.filter((id) => matches(id, filter)) : environments;
  const close = () => {
    onClose();
    setFilter('');
  };

  // A change request's branch is not listed: while the operator is inside one it comes first, checked; its
  // environment's entry leaves it (the request is kept).
  const branch = branchOf(active);
  const branchItems = branch
    ? [
        <MenuItem key={active} selected onClick={close}>
          <ListItemIcon>
            <CheckIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{environmentLabel(active)}</ListItemText>
        </MenuItem>,
      ]
    : [];
  const listedItems = shown.map((id) => (
    <MenuItem
      key={id}
      selected={id === active}
      onClick={() => {
        close();
        select(id);
      }}
    >
      <ListItemIcon>
        {id === active ? <CheckIcon fontSize="small" /> : <EnvironmentIndicator environment={id} />}
      </ListItemIcon>
      <ListItemText>{id}</ListItemText>
    </MenuItem>
  ));
  const environmentItems = [...branchItems, ...listedItems];
  const isFiltering = hasMany && filter.trim() !== '';
  const matchItems =
    shown.length === 0
      ? [
          <MenuItem key="none" disabled>
            No environment matches
          </MenuItem>,
        ]
      : environmentItems;
  const actionItems = [
    <NeedsRight key="create" endpoint={SAVE_ENVIRONMENT_RIGHT}>
      <MenuItem
        onClick={() => {
          close();
          onCreate();
        }}
      >
        Create environment
      </MenuItem>
    </NeedsRight>,
    <MenuItem key="transfer" component={Link} to="/transfer" onClick={close}>
      Transfer
    </MenuItem>,
    <NeedsRight key="archive" endpoint={ARCHIVE_ENVIRONMENT_RIGHT}>
      <MenuItem component={Link} to="/environments" onClick={close}>
        Archive environments
      </MenuItem>
    </NeedsRight>,
    <NeedsRight key="webhooks" endpoint={WEBHOOKS_RIGHT}>
      <MenuItem component={Link} to="/webhooks" onClick={close}>
        Webhooks
      </MenuItem>
    </NeedsRight>,
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
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={anchor !== null}
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
            // Typing looks for an environment: the matches come first, so ArrowDown then Enter picks the
            // first one; with nothing typed the actions stay first, where they never scroll away.
            ...(isFiltering ? matchItems : [...actionItems, <Divider key="divider" />]),
            ...(isFiltering ? [<Divider key="divider" />, ...actionItems] : environmentItems),
          ]
        : [...environmentItems, <Divider key="divider" />, ...actionItems]}
    </Menu>
  );
}
