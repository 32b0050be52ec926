import { type AbTest, formatVersion } from '@console/domain';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { PickerModal, PickerRow } from '../../components/dialogs/PickerModal.tsx';
import { Loading } from '../../components/Loading.tsx';
import { useAbTestListQuery } from './abtest.queries.ts';

export interface AbTestPickerModalProps {
  open: boolean;
  /** The A/B-test chosen so far; its row is marked. */
  selectedId?: string | null;
  /** A row was chosen, or null for "Select none". */
  onSelect(abTest: AbTest | null): void;
  /** Cancel: leaves the selection as it is. */
  onClose(): void;
  title?: string;
}

/** A/B-test picker: ID, Active, Version, Description; "Select none" clears the selection. */
export function AbTestPickerModal({
  open,
  selectedId = null,
  onSelect,
  onClose,
  title = 'Select AB-test',
}: AbTestPickerModalProps) {
  return (
    <PickerModal open={open} title={title} onSelectNone={() => onSelect(null)} onClose={onClose}>
      <AbTestPickerTable selectedId={selectedId} onSelect={onSelect} />
    </PickerModal>
  );
}

function AbTestPickerTable({
  selectedId,
  onSelect,
}: Pick<AbTestPickerModalProps, 'selectedId' | 'onSelect'>) {
  const list = useAbTestListQuery();
  // A load failure of the picker is only logged.
  useEffect(() => {
    if (list.error) console.warn('The AB-test list could not be loaded', list.error);
  }, [list.error]);

  if (list.isPending && !list.isError) return <Loading />;
  const abTests = list.data ?? [];
  return (
    <Table size="small" aria-label="AB-tests to select">
      <TableHead>
        <TableRow>
          <TableCell>ID</TableCell>
          <TableCell>Active</TableCell>
          <TableCell>Version</TableCell>
          <TableCell>Description</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {abTests.length === 0 && (
          <TableRow>
            <TableCell colSpan={4}>
              <Typography sx={{ color: 'text.secondary' }}>No AB-tests</Typography>
            </TableCell>
          </TableRow>
        )}
        {abTests.map((abTest) => (
          <PickerRow key={abTest.id} isSelected={abTest.id === selectedId} onChoose={() => onSelect(abTest)}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{abTest.id}</TableCell>
            <TableCell>{abTest.active ? 'Active' : 'Inactive'}</TableCell>
            <TableCell>{formatVersion(abTest.data.version)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>
              <bdi>{abTest.description}</bdi>
            </TableCell>
          </PickerRow>
        ))}
      </TableBody>
    </Table>
  );
}
