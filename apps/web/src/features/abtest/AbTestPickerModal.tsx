import { type AbTest, formatVersion } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { callEndpoint } from '../../api/client.ts';
import { PickerModal, PickerRow } from '../../components/dialogs/PickerModal.tsx';
import { Loading } from '../../components/Loading.tsx';
import { SearchField } from '../../components/search/SearchField.tsx';
import { SearchPager } from '../../components/search/SearchPager.tsx';
import { usePickerSearch } from '../../components/search/usePickerSearch.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

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
  const picker = usePickerSearch(api.abtest.searchPicker);
  const { active } = useActiveEnvironment();
  const [choosing, setChoosing] = useState<string | null>(null);
  // A load failure of the picker is only logged.
  useEffect(() => {
    if (picker.query.error) console.warn('The AB-test list could not be loaded', picker.query.error);
  }, [picker.query.error]);
  // The picker's rows hold what its table shows; the draft takes the whole A/B-test, read when chosen.
  const choose = async (id: string) => {
    setChoosing(id);
    try {
      onSelect(await callEndpoint(api.abtest.get, { environment: active, body: { id } }));
    } catch (error) {
      console.warn(`The AB-test ${id} could not be loaded`, error);
    } finally {
      setChoosing(null);
    }
  };

  const abTests = picker.page?.items ?? [];
  return (
    <>
      <SearchField label="Search AB-tests" value={picker.q} onSearch={picker.search} autoFocus />
      {picker.query.isPending && !picker.query.isError ? (
        <Loading />
      ) : (
        <Table size="small" aria-label="AB-tests to select" aria-busy={choosing !== null}>
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
              <PickerRow
                key={abTest.id}
                isSelected={abTest.id === selectedId}
                onChoose={() => {
                  if (choosing === null) void choose(abTest.id);
                }}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{abTest.id}</TableCell>
                <TableCell>{abTest.active ? 'Active' : 'Inactive'}</TableCell>
                <TableCell>{formatVersion(abTest.version)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  <bdi>{abTest.description}</bdi>
                </TableCell>
              </PickerRow>
            ))}
          </TableBody>
        </Table>
      )}
      {picker.page && (
        <SearchPager
          what="AB-tests"
          pageIndex={picker.pageIndex}
          limit={picker.limit}
          shown={abTests.length}
          total={picker.page.total}
          isTotalCapped={picker.page.isTotalCapped}
          hasNext={picker.page.nextCursor !== null}
          isLoading={picker.isStale}
          onPrevious={picker.previous}
          onNext={picker.next}
        />
      )}
    </>
  );
}
