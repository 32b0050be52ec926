import { type ConfigKindId, type ConfigListItem, configKindOf } from '@console/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ErrorBanner } from '../../shell/ErrorBanner.tsx';
import { Loading } from '../../shell/Loading.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/useErrorBanner.ts';
import { useActiveConfigsQuery } from './config.queries.ts';

export const NO_CONFIGURATIONS = 'No configurations found';

export interface ConfigPickerModalProps {
  open: boolean;
  /** Whose configurations are offered (plugin details: the kind serving the plugin). */
  kind: ConfigKindId;
  /** The configuration chosen so far; its row is marked. */
  selectedId?: string | null;
  /** A row was chosen, or null for "Select none". */
  onSelect(configuration: ConfigListItem | null): void;
  /** Cancel: leaves the selection as it is. */
  onClose(): void;
}

/** spec §2 Configuration picker: only activated configurations (ID, Description); Select none. */
export function ConfigPickerModal({
  open,
  kind,
  selectedId = null,
  onSelect,
  onClose,
}: ConfigPickerModalProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{`Select ${configKindOf(kind).label} configuration`}</DialogTitle>
      <DialogContent>
        {open && <ConfigPickerTable kind={kind} selectedId={selectedId} onSelect={onSelect} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onSelect(null)}>Select none</Button>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

function ConfigPickerTable({
  kind,
  selectedId,
  onSelect,
}: Pick<ConfigPickerModalProps, 'kind' | 'selectedId' | 'onSelect'>) {
  const list = useActiveConfigsQuery(kind);
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);

  if (list.isPending && !list.isError) return <Loading />;
  const configurations = list.data ?? [];
  return (
    <>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
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
                <Typography sx={{ color: 'text.secondary' }}>{NO_CONFIGURATIONS}</Typography>
              </TableCell>
            </TableRow>
          )}
          {configurations.map((configuration) => {
            const { id, description } = configuration.extended;
            const isSelected = id === selectedId;
            return (
              <TableRow
                key={id}
                hover
                selected={isSelected}
                aria-selected={isSelected}
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => onSelect(configuration)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onSelect(configuration);
                  }
                }}
              >
                <TableCell>{id}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{description}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
