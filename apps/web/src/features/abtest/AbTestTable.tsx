import { type AbTest, formatVersion } from '@console/domain/abtest';
import type { SortDirection } from '@console/domain/api';
import { api } from '@console/domain/endpoints';
import { pluginNameOf } from '@console/domain/operations';
import type { AbTestSearchSort } from '@console/domain/search';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { whileBusy } from '../../components/busy.ts';
import { ToggleSwitch } from '../../components/form/ToggleSwitch.tsx';
import { formatDateTime } from '../../components/format.ts';
import { DeleteIcon } from '../../components/icons.tsx';
import { SortableHeader } from '../../components/search/SortableHeader.tsx';
import {
  ScrollableTableContainer,
  STICKY_END_SX,
  STICKY_START_SX,
} from '../../components/table/ScrollableTableContainer.tsx';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { AbTestTypeLabel } from './AbTestTypeLabel.tsx';
import { CaseBars } from './CaseBars.tsx';
import { deletionBlockedBy, stateSwitchBlockedBy, useAbTestActions } from './useAbTestActions.ts';

const COLUMNS: readonly string[] = [
  'State',
  'ID',
  'Type',
  'Description',
  'Version',
  'Cases',
  'Used By',
  'Created',
  'Modified',
  'User',
  'Actions',
];

// The id and the row's actions stay in view while the table scrolls sideways.
const STICKY_SX: Record<string, SxProps<Theme>> = {
  ID: STICKY_START_SX,
  Actions: STICKY_END_SX,
};

// The columns the A/B-test search sorts by.
const SORT_KEYS: Readonly<Record<string, AbTestSearchSort>> = {
  State: 'active',
  ID: 'id',
  Type: 'type',
  Created: 'created',
  Modified: 'modified',
};

export interface AbTestTableSort {
  sort: AbTestSearchSort;
  direction: SortDirection;
  onSort(sort: AbTestSearchSort): void;
}

/** The columns of the A/B-test list; with `sort`, the sortable columns' headers sort it. */
export function AbTestTable({ abTests, sort }: { abTests: readonly AbTest[]; sort?: AbTestTableSort }) {
  const actions = useAbTestActions();
  return (
    <ScrollableTableContainer>
      <Table size="small" stickyHeader aria-label="AB-tests">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => {
              const sortKey = SORT_KEYS[column];
              return (
                <TableCell
                  key={column}
                  sx={[{ whiteSpace: 'nowrap' }, STICKY_SX[column] ?? {}] as SxProps<Theme>}
                  sortDirection={sort && sortKey === sort.sort ? sort.direction : false}
                >
                  {sort && sortKey ? (
                    <SortableHeader label={column} sortKey={sortKey} sort={sort} onSort={sort.onSort} />
                  ) : (
                    column
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {abTests.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>
                <Typography sx={{ color: 'text.secondary' }}>No AB-tests</Typography>
              </TableCell>
            </TableRow>
          ) : (
            abTests.map((abTest) => (
              <TableRow key={abTest.id} hover>
                <TableCell>
                  <NeedsRight
                    endpoint={api.abtest.activateTest}
                    lockedBecause={stateSwitchBlockedBy(abTest)}
                    holdsFocus
                  >
                    <ToggleSwitch
                      checked={abTest.active}
                      disabled={stateSwitchBlockedBy(abTest) !== undefined}
                      onChange={(checked) => {
                        if (checked && !actions.isBusy) void actions.activateAbTest(abTest);
                      }}
                      ariaLabel={`Active ${abTest.id}`}
                      isBusy={actions.isBusy}
                    />
                  </NeedsRight>
                </TableCell>
                {/* An id is one word to the operator; it does not break at its hyphens. */}
                <TableCell sx={[{ whiteSpace: 'nowrap' }, STICKY_START_SX] as SxProps<Theme>}>
                  <Link component={RouterLink} to={`/abtest/${encodeURIComponent(abTest.id)}`}>
                    {abTest.id}
                  </Link>
                </TableCell>
                <TableCell>
                  <AbTestTypeLabel type={abTest.data.type} isCompact />
                </TableCell>
                {/* a readable line: on a narrow screen the table scrolls sideways instead */}
                <TableCell sx={{ wordBreak: 'break-word', minWidth: 224 }}>
                  <bdi>{abTest.description}</bdi>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatVersion(abTest.data.version)}</TableCell>
                <TableCell>
                  <CaseBars weights={abTest.data.cases} />
                </TableCell>
                <TableCell>
                  <Stack>
                    {abTest.usedBy.map((pluginId) => (
                      <Link key={pluginId} component={RouterLink} to={`/plugin/${pluginId}`}>
                        {pluginNameOf(pluginId)}
                      </Link>
                    ))}
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(abTest.created)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(abTest.modified)}</TableCell>
                <TableCell>{abTest.lastModifier}</TableCell>
                <TableCell sx={STICKY_END_SX}>
                  <NeedsRight endpoint={api.abtest.delete} lockedBecause={deletionBlockedBy(abTest)}>
                    <IconButton
                      aria-label={`Delete ${abTest.id}`}
                      disabled={deletionBlockedBy(abTest) !== undefined}
                      {...whileBusy(actions.isBusy, () => void actions.deleteAbTest(abTest))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </NeedsRight>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </ScrollableTableContainer>
  );
}
