import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  ScrollableTableContainer,
  STICKY_AFTER_STATE_SX,
  STICKY_END_SX,
  STICKY_START_SX,
  STICKY_STATE_SX,
} from './ScrollableTableContainer.tsx';

export interface DataColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
  align?: TableCellProps['align'];
  /** Dates and times: kept on one line. */
  noWrap?: boolean;
  sx?: SxProps<Theme>;
  /** A cell's tooltip, e.g. the whole of a shortened value. */
  title?(row: Row): string | undefined;
  /**
   * The column naming each row ('start') or holding its actions ('end') stays in view when the table scrolls;
   * so does a leading State column of switches ('state'), with the 'start' column beside it.
   */
  sticky?: 'state' | 'start' | 'end';
}

const STICKY = {
  state: STICKY_STATE_SX,
  start: STICKY_START_SX,
  end: STICKY_END_SX,
};

interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  /** Shown in one row when there are no rows, e.g. 'No connections'. */
  emptyText: string;
  hover?: boolean;
}

/** A small table of rows, one column per field, with a line of text when it is empty. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  emptyText,
  hover = false,
}: DataTableProps<Row>) {
  const hasStickyState = columns.some((column) => column.sticky === 'state');
  const stickySx = (column: DataColumn<Row>) => {
    if (!column.sticky) return [];
    return [column.sticky === 'start' && hasStickyState ? STICKY_AFTER_STATE_SX : STICKY[column.sticky]];
  };
  const headerSx = (column: DataColumn<Row>): SxProps<Theme> => [
    column.noWrap ? { whiteSpace: 'nowrap' } : {},
    ...stickySx(column),
  ];
  const cellSx = (column: DataColumn<Row>): SxProps<Theme> => [
    column.noWrap ? { whiteSpace: 'nowrap' } : {},
    ...(Array.isArray(column.sx) ? column.sx : [column.sx]),
    ...stickySx(column),
  ];
  return (
    <ScrollableTableContainer label={label}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align} sx={headerSx(column)}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography sx={{ color: 'text.secondary' }}>{emptyText}</Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={rowKey(row)} hover={hover}>
                {columns.map((column) => (
                  <TableCell
                    key={column.header}
                    align={column.align}
                    sx={cellSx(column)}
                    title={column.title?.(row)}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </ScrollableTableContainer>
  );
}
