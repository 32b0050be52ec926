import { api, CONFIG_USAGE_RANK, type ConfigListItem } from '@console/domain';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { ConfigInUse } from './ConfigInUse.tsx';
import { configEditPath, kindOfRow, typeLabelOfRow } from './configLabels.ts';
import type { useConfigListActions } from './useConfigListActions.ts';

// Sortable by ID, Type, In use, Created, Modified.
export type ConfigSortKey = 'id' | 'type' | 'inUse' | 'created' | 'modified';
export type SortDirection = 'asc' | 'desc';

const COMPARE: Record<ConfigSortKey, (a: ConfigListItem, b: ConfigListItem) => number> = {
  id: (a, b) => a.extended.id.localeCompare(b.extended.id),
  type: (a, b) => typeLabelOfRow(a).localeCompare(typeLabelOfRow(b)),
  inUse: (a, b) => CONFIG_USAGE_RANK[a.inUse] - CONFIG_USAGE_RANK[b.inUse],
  created: (a, b) => a.extended.created - b.extended.created,
  modified: (a, b) => a.extended.modified - b.extended.modified,
};

/** The rows in the chosen order; equal rows by ID. */
export function sortConfigRows(
  rows: readonly ConfigListItem[],
  key: ConfigSortKey,
  direction: SortDirection,
): ConfigListItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * COMPARE[key](a, b) || COMPARE.id(a, b));
}

type Column = { header: string; sortKey?: ConfigSortKey };
const COLUMNS: readonly Column[] = [
  { header: 'State' },
  { header: 'ID', sortKey: 'id' },
  { header: 'Type', sortKey: 'type' },
  { header: 'In use', sortKey: 'inUse' },
  { header: 'Description' },
  { header: 'Created', sortKey: 'created' },
  { header: 'Modified', sortKey: 'modified' },
  { header: 'User' },
  { header: '' },
];

// A first click on a date or In use shows the newest / most used first.
const FIRST_DIRECTION: Record<ConfigSortKey, SortDirection> = {
  id: 'asc',
  type: 'asc',
  inUse: 'desc',
  created: 'desc',
  modified: 'desc',
};

interface ConfigTableProps {
  rows: readonly ConfigListItem[];
  actions: ReturnType<typeof useConfigListActions>;
}

/** /config: the configurations of every kind. */
export function ConfigTable({ rows, actions }: ConfigTableProps) {
  const [sort, setSort] = useState<{ key: ConfigSortKey; direction: SortDirection }>({
    key: 'id',
    direction: 'asc',
  });
  const sorted = sortConfigRows(rows, sort.key, sort.direction);
  const sortBy = (key: ConfigSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: FIRST_DIRECTION[key] },
    );

  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="Configurations">
        <TableHead>
          <TableRow>
            {COLUMNS.map(({ header, sortKey }) => (
              <TableCell
                key={header}
                sx={{ whiteSpace: 'nowrap' }}
                sortDirection={sortKey && sort.key === sortKey ? sort.direction : false}
              >
                {sortKey ? (
                  <TableSortLabel
                    active={sort.key === sortKey}
                    direction={sort.key === sortKey ? sort.direction : FIRST_DIRECTION[sortKey]}
                    onClick={() => sortBy(sortKey)}
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
    </TableContainer>
  );
}

function ConfigRow({ row, actions }: { row: ConfigListItem; actions: ConfigTableProps['actions'] }) {
  const { id, active, description, created, modified, lastModifier } = row.extended;
  const kind = kindOfRow(row);
  // Every kind's changes need the same right; an unknown kind's row is disabled anyway.
  const calls = api.config.kinds[kind?.id ?? 'ar'];
  return (
    <TableRow hover>
      <TableCell>
        <NeedsRight endpoint={calls.activate}>
          <Switch
            checked={active}
            disabled={actions.isBusy || !kind}
            onChange={(event) => actions.setActive(row, event.target.checked)}
            slotProps={{ input: { 'aria-label': `Active ${id}` } }}
          />
        </NeedsRight>
      </TableCell>
      <TableCell>
        {kind ? (
          <Link component={RouterLink} to={configEditPath(kind.pluginName, id)}>
            {id}
          </Link>
        ) : (
          id
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{typeLabelOfRow(row)}</TableCell>
      <TableCell>
        <ConfigInUse row={row} />
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-word' }}>
        <bdi>{description}</bdi>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(created)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(modified)}</TableCell>
      <TableCell>{lastModifier}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <NeedsRight endpoint={calls.duplicate}>
          <IconButton
            aria-label={`Clone ${id}`}
            title="Clone"
            disabled={actions.isBusy || !kind}
            onClick={() => actions.cloneConfig(row)}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </NeedsRight>
        <NeedsRight endpoint={calls.delete}>
          <IconButton
            aria-label={`Delete ${id}`}
            title="Delete"
            disabled={actions.isBusy || !kind}
            onClick={() => void actions.deleteConfig(row)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </NeedsRight>
      </TableCell>
    </TableRow>
  );
}
