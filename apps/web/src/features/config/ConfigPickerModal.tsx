import { type ConfigKindId, configKindOf } from '@console/domain/config';
import { api } from '@console/domain/endpoints';
import type { ConfigPickerItem } from '@console/domain/search';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PickerModal, PickerRow } from '../../components/dialogs/PickerModal.tsx';
import { Loading } from '../../components/Loading.tsx';
import { NotLoaded } from '../../components/QueryContent.tsx';
import { SearchField } from '../../components/search/SearchField.tsx';
import { SearchPager } from '../../components/search/SearchPager.tsx';
import { usePickerSearch } from '../../components/search/usePickerSearch.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';

export const NO_CONFIGURATIONS = 'No configurations found';

export interface ConfigPickerModalProps {
  open: boolean;
  /** Whose configurations are offered (plugin details: the kind serving the plugin). */
  kind: ConfigKindId;
  /** The configuration chosen so far; its row is marked. */
  selectedId?: string | null;
  /** A row was chosen, or null for "Select none". */
  onSelect(configuration: ConfigPickerItem | null): void;
  /** Cancel: leaves the selection as it is. */
  onClose(): void;
}

/** Configuration picker: only activated configurations (ID, Description); Select none. */
export function ConfigPickerModal({
  open,
  kind,
  selectedId = null,
  onSelect,
  onClose,
}: ConfigPickerModalProps) {
  return (
    <PickerModal
      open={open}
      title={`Select ${configKindOf(kind).label} configuration`}
      onSelectNone={() => onSelect(null)}
      onClose={onClose}
    >
      <ConfigPickerTable kind={kind} selectedId={selectedId} onSelect={onSelect} />
    </PickerModal>
  );
}

function ConfigPickerTable({
  kind,
  selectedId,
  onSelect,
}: Pick<ConfigPickerModalProps, 'kind' | 'selectedId' | 'onSelect'>) {
  const picker = usePickerSearch(api.config.plugin.searchPicker, { pluginId: configKindOf(kind).pluginId });
  const list = picker.query;
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);

  const configurations = picker.page?.items ?? [];
  return (
    <>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <SearchField label="Search configurations" value={picker.q} onSearch={picker.search} autoFocus />
      {list.isPending && !list.isError ? (
        <Loading />
      ) : (
        <Table size="small" aria-label="Configurations to select">
          <TableHead>
            <TableRow>
              <TableCell>ID</TableCell>
              <TableCell>Description</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {configurations.length === 0 && (
              <TableRow>
                <TableCell colSpan={2}>
                  {/* A failed load is not an empty list. */}
                  {list.data === undefined ? (
                    <NotLoaded what="Configurations" query={list} />
                  ) : (
                    <Typography sx={{ color: 'text.secondary' }}>{NO_CONFIGURATIONS}</Typography>
                  )}
                </TableCell>
              </TableRow>
            )}
            {configurations.map((configuration) => {
              const { id, description } = configuration;
              return (
                <PickerRow key={id} isSelected={id === selectedId} onChoose={() => onSelect(configuration)}>
                  <TableCell>{id}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    <bdi>{description}</bdi>
                  </TableCell>
                </PickerRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {picker.page && (
        <SearchPager
          what="configurations"
          pageIndex={picker.pageIndex}
          limit={picker.limit}
          shown={configurations.length}
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
