import { api } from '@console/domain/endpoints';
import type { RevisionListResponse, RuntimeRevisionSummary } from '@console/domain/runtime';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { CheckField } from '../../components/form/CheckField.tsx';
import { formatDateTime } from '../../components/format.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';

/** The audit entries that caused a revision, short: `plugin.activate 4, release.kv.set dev`. */
const causesOf = (revision: RuntimeRevisionSummary) =>
  revision.causes.length === 0
    ? revision.revision === 1
      ? 'first publication'
      : '—'
    : revision.causes.map((cause) => `${cause.action} ${cause.target}`).join(', ');

interface RevisionTableProps {
  data: RevisionListResponse;
  ticked: readonly number[];
  onTick(revision: number, isTicked: boolean): void;
  onRepublish(revision: number): void;
}

/** One row per revision: a tick for the diff, who published it and why, and Republish on older ones. */
export function RevisionTable({ data, ticked, onTick, onRepublish }: RevisionTableProps) {
  return (
    <Table size="small" aria-label="Revisions">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">Diff</TableCell>
          <TableCell>Revision</TableCell>
          <TableCell>Time</TableCell>
          <TableCell>Operator</TableCell>
          <TableCell>Caused by</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.revisions.map((revision) => (
          <TableRow key={revision.revision}>
            <TableCell padding="checkbox">
              <CheckField
                ariaLabel={`Select revision ${revision.revision}`}
                checked={ticked.includes(revision.revision)}
                onChange={(checked) => onTick(revision.revision, checked)}
              />
            </TableCell>
            <TableCell>
              {revision.revision}
              {revision.restoredFrom === null ? '' : ` (rollback of ${revision.restoredFrom})`}
            </TableCell>
            <TableCell>{formatDateTime(revision.created)}</TableCell>
            <TableCell>{revision.createdBy}</TableCell>
            <TableCell>{causesOf(revision)}</TableCell>
            <TableCell align="right">
              {revision.revision === data.latest ? null : (
                <NeedsRight endpoint={api.runtime.republish}>
                  <Button size="small" onClick={() => onRepublish(revision.revision)}>
                    Republish this revision
                  </Button>
                </NeedsRight>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
