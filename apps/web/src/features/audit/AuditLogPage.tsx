import { AUDIT_ACTIONS, AUDIT_PAGE_LIMIT, type AuditEntry } from '@console/domain';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { auditEntriesToCsv, downloadCsv, formatAttributes } from './audit.csv.ts';
import { useAuditListQuery } from './audit.queries.ts';

const ALL_ACTIONS = '';

export function AuditLogPage() {
  const { active } = useActiveEnvironment();
  const [action, setAction] = useState(ALL_ACTIONS);
  const [target, setTarget] = useState('');
  // Older pages are read by the last id shown (keyset), so a page deep in the log is as cheap as the
  // first; the stack of those ids leads back to newer pages.
  const [cursors, setCursors] = useState<readonly number[]>([]);
  const before = cursors.at(-1);
  const audit = useAuditListQuery({
    limit: AUDIT_PAGE_LIMIT,
    ...(before === undefined ? {} : { before }),
    ...(action === ALL_ACTIONS ? {} : { action }),
    ...(target === '' ? {} : { target }),
  });
  const banner = useErrorBanner();
  useReportQueryError(banner, audit.error);
  const entries = audit.data;

  // A new filter starts from the newest entry again.
  const filterBy = (next: { action?: string; target?: string }) => {
    if (next.action !== undefined) setAction(next.action);
    if (next.target !== undefined) setTarget(next.target);
    setCursors([]);
  };
  const exportCsv = () => {
    if (entries) downloadCsv(`audit-${active}.csv`, auditEntriesToCsv(entries));
  };

  return (
    <Page
      title="Audit Log"
      actions={
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={exportCsv}
          disabled={!entries || entries.length === 0}
        >
          Export CSV
        </Button>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(event) => filterBy({ action: event.target.value })}
          sx={{ minWidth: 260 }}
        >
          <MenuItem value={ALL_ACTIONS}>All actions</MenuItem>
          {AUDIT_ACTIONS.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TargetFilter value={target} onApply={(value) => filterBy({ target: value })} />
      </Box>
      {audit.isPending && <Loading />}
      {entries && (
        <>
          <AuditTable entries={entries} />
          <Pager
            offset={cursors.length * AUDIT_PAGE_LIMIT}
            shown={entries.length}
            isLoading={audit.isPlaceholderData}
            onNewer={() => setCursors(cursors.slice(0, -1))}
            onOlder={() => {
              const oldest = entries.at(-1);
              if (oldest) setCursors([...cursors, oldest.id]);
            }}
          />
        </>
      )}
    </Page>
  );
}

/** The exact target (an A/B-test id, a plugin name, a user id, ...), applied on Enter or on leaving the field. */
function TargetFilter({ value, onApply }: { value: string; onApply(value: string): void }) {
  const [text, setText] = useState(value);
  const apply = () => {
    if (text.trim() !== value) onApply(text.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  return (
    <Box component="form" onSubmit={submit} role="search" aria-label="Filter by target">
      <TextField
        size="small"
        label="Target"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        helperText="Exact target; Enter applies"
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </Box>
  );
}

interface PagerProps {
  offset: number;
  shown: number;
  /** The previous page is still shown while the next loads: no range, no second click. */
  isLoading: boolean;
  onNewer(): void;
  onOlder(): void;
}

function Pager({ offset, shown, isLoading, onNewer, onOlder }: PagerProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {isLoading ? '' : shown === 0 ? 'No entries' : `Entries ${offset + 1}–${offset + shown}`}
      </Typography>
      <Button size="small" onClick={onNewer} disabled={isLoading || offset === 0}>
        Newer
      </Button>
      <Button size="small" onClick={onOlder} disabled={isLoading || shown < AUDIT_PAGE_LIMIT}>
        Older
      </Button>
    </Box>
  );
}

function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="Audit log">
        <TableHead>
          <TableRow>
            <TableCell>ID</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Target</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Date</TableCell>
            <TableCell>Extra</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography sx={{ color: 'text.secondary' }}>No audit entries</Typography>
              </TableCell>
            </TableRow>
          ) : (
            entries.map((entry) => (
              <TableRow key={entry.id} hover>
                <TableCell>{entry.id}</TableCell>
                <TableCell>{entry.action}</TableCell>
                <TableCell>{entry.target}</TableCell>
                <TableCell>{entry.email}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}>
                  {formatAttributes(entry.attributes)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
