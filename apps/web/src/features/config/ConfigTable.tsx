import type { SortDirection } from '@console/domain/api';
import type { ConfigListItem } from '@console/domain/config';
import { api } from '@console/domain/endpoints';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { whileBusy } from '../../components/busy.ts';
import { ToggleSwitch } from '../../components/form/ToggleSwitch.tsx';
import { formatDateTime } from '../../components/format.ts';
import { Identifier } from '../../components/Identifier.tsx';
import { ContentCopyIcon, DeleteIcon } from '../../components/icons.tsx';
import {
  ScrollableTableContainer,
  STICKY_AFTER_STATE_SX,
  STICKY_END_SX,
  STICKY_STATE_SX,
} from '../../components/table/ScrollableTableContainer.tsx';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { ConfigInUse } from './ConfigInUse.tsx';
import { configEditPath, kindOfRow, typeLabelOfRow } from './configLabels.ts';
import type { useConfigListActions } from './useConfigListActions.ts';

// Sortable by ID, Type, In use, Created, Modified (the configuration search sorts; Type by the kind).
export type ConfigSortKey = 'id' | 'type' | 'inUse' | 'created' | 'modified';
export const CONFIG_SORT_KEYS: readonly ConfigSortKey[] = ['id', 'type', 'inUse', 'created', 'modified'];

type Column = { header: string; sortKey?: ConfigSortKey; sx?: SxProps<Theme> };
const COLUMNS: readonly Column[] = [
  { header: 'State', sx: STICKY_STATE_SX },
  { header: 'ID', sortKey: 'id', sx: STICKY_AFTER_STATE_SX },
  { header: 'Type', sortKey: 'type' },
  { header: 'In use', sortKey: 'inUse' },
  { header: 'Description' },
  { header: 'Created', sortKey: 'created' },
  { header: 'Modified', sortKey: 'modified' },
  { header: 'User' },
  { header: 'Actions', sx: STICKY_END_SX },
];

// Readable lines for ids and descriptions: on a narrow screen the table scrolls sideways rather than wrapping
// them word by word.
const ID_MIN_WIDTH = 160;
const DESCRIPTION_MIN_WIDTH = 224;

// A first click on a date or In use shows the newest / most used first.
export const FIRST_DIRECTION: Record<ConfigSortKey, SortDirection> = {
  id: 'asc',
  type: 'asc',
  inUse: 'desc',
  created: 'desc',
  modified: 'desc',
};

interface ConfigTableProps {
  rows: readonly ConfigListItem[];
  actions: ReturnType<typeof useConfigListActions>;
  sort: { sort: ConfigSortKey; direction: SortDirection; onSort(sort: ConfigSortKey): void };
}

/** /config: the configurations of every kind. */
export function ConfigTable({ rows, actions, sort }: ConfigTableProps) {
  const sorted = rows;

  return (
    <ScrollableTableContainer>
      <Table size="small" stickyHeader aria-label="Configurations">
        <TableHead>
          <TableRow>
            {COLUMNS.map(({ header, sortKey, sx }) => (
              <TableCell
                key={header}
                sx={[{ whiteSpace: 'nowrap' }, ...(sx ? [sx] : [])] as SxProps<Theme>}
                sortDirection={sortKey && sort.sort === sortKey ? sort.direction : false}
              >
                {sortKey ? (
                  <TableSortLabel
                    active={sort.sort === sortKey}
                    direction={sort.sort === sortKey ? sort.direction : FIRST_DIRECTION[sortKey]}
                    onClick={() => sort.onSort(sortKey)}
                  >
                    {header}
                  </TableSortLabel>
                ) : (
                  header
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>
                <Typography sx={{ color: 'text.secondary' }}>No configurations</Typography>
              </TableCell>
            </TableRow>
          ) : (
            sorted.map((row) => <ConfigRow key={row.extended.id} row={row} actions={actions} />)
          )}
        </TableBody>
      </Table>
    </ScrollableTableContainer>
  );
}

function ConfigRow({ row, actions }: { row: ConfigListItem; actions: ConfigTableProps['actions'] }) {
  const { id, active, description, created, modified, lastModifier } = row.extended;
  const kind = kindOfRow(row);
  // Every kind's changes need the same right; an unknown kind's row is disabled anyway.
  const calls = api.config.kinds[kind?.id ?? 'ar'];
  return (
    <TableRow hover>
      <TableCell sx={STICKY_STATE_SX as SxProps<Theme>}>
        <NeedsRight endpoint={calls.activate}>
          <ToggleSwitch
            checked={active}
            disabled={!kind}
            onChange={(checked) => {
              if (!actions.isBusy) actions.setActive(row, checked);
            }}
            ariaLabel={`Active ${id}`}
            isBusy={actions.isBusy}
          />
        </NeedsRight>
      </TableCell>
      <TableCell sx={[{ minWidth: ID_MIN_WIDTH }, STICKY_AFTER_STATE_SX] as SxProps<Theme>}>
        {kind ? (
          <Link component={RouterLink} to={configEditPath(kind.pluginName, id)}>
            <Identifier id={id} />
          </Link>
        ) : (
          <Identifier id={id} />
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{typeLabelOfRow(row)}</TableCell>
      <TableCell>
        <ConfigInUse row={row} />
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-word', minWidth: DESCRIPTION_MIN_WIDTH }}>
        <bdi>{description}</bdi>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(created)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(modified)}</TableCell>
      <TableCell>{lastModifier}</TableCell>
      <TableCell sx={[{ whiteSpace: 'nowrap' }, STICKY_END_SX] as SxProps<Theme>}>
        <NeedsRight endpoint={calls.duplicate}>
          <IconButton
            aria-label={`Clone ${id}`}
            title="Clone"
            disabled={!kind}
            {...whileBusy(actions.isBusy, () => actions.cloneConfig(row))}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </NeedsRight>
        <NeedsRight endpoint={calls.delete}>
          <IconButton
            aria-label={`Delete ${id}`}
            title="Delete"
            disabled={!kind}
            {...whileBusy(actions.isBusy, () => void actions.deleteConfig(row))}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </NeedsRight>
      </TableCell>
    </TableRow>
  );
}
