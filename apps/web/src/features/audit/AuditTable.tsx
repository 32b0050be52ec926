import type { AuditEntry } from '@console/domain/audit';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/format.ts';
import { formatAttributes } from './audit.csv.ts';
import { auditActionCaption } from './audit.labels.ts';

function ActionCaption({ entry }: { entry: AuditEntry }) {
  const caption = auditActionCaption(entry);
  if (caption === null) return null;
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
      {caption}
    </Typography>
  );
}

/** One page of audit entries, newest first. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
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
                <TableCell>
                  {entry.action}
                  <ActionCaption entry={entry} />
                </TableCell>
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
