import type { BypassEntry } from '@console/domain/change-request';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/format.ts';
import { QueryContent } from '../../components/QueryContent.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { useBypassListQuery } from './changeRequests.queries.ts';

const COLUMNS: DataColumn<BypassEntry>[] = [
  { header: 'Audit ID', cell: (entry) => entry.auditId },
  { header: 'E-mail', cell: (entry) => entry.email },
  { header: 'Date', cell: (entry) => formatDateTime(entry.at), noWrap: true },
  { header: 'Reason', cell: (entry) => entry.reason },
  { header: 'Changes', cell: (entry) => entry.actions.join(', ') },
];

/** Break glass: the changes admins made directly in `environment` while it required review, with their reasons. */
export function BypassList({ environment }: { environment: string }) {
  const bypasses = useBypassListQuery(environment);
  return (
    <section aria-labelledby="bypasses-heading">
      <Typography id="bypasses-heading" variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {`Direct changes in ${environment} (review bypassed)`}
      </Typography>
      <QueryContent query={bypasses} what="Direct changes">
        {(data) => (
          <DataTable
            label={`Direct changes in ${environment}`}
            columns={COLUMNS}
            rows={data.items}
            rowKey={(entry) => entry.auditId}
            emptyText="No direct changes"
          />
        )}
      </QueryContent>
    </section>
  );
}
