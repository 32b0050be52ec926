import type { SortDirection } from '@console/domain/api';
import TableSortLabel from '@mui/material/TableSortLabel';

interface SortableHeaderProps<Sort extends string> {
  label: string;
  sortKey: Sort;
  sort: { sort: Sort; direction: SortDirection };
  onSort(sort: Sort): void;
}

/** A column header that sorts the list by its column (the server sorts; the page follows). */
export function SortableHeader<Sort extends string>({
  label,
  sortKey,
  sort,
  onSort,
}: SortableHeaderProps<Sort>) {
  const isActive = sort.sort === sortKey;
  return (
    <TableSortLabel
      active={isActive}
      direction={isActive ? sort.direction : 'asc'}
      onClick={() => onSort(sortKey)}
    >
      {label}
    </TableSortLabel>
  );
}
