import {
  CHANGE_REQUEST_STATUS_LABELS,
  CHANGE_REQUEST_STATUSES,
  type ChangeRequestStatus,
  type ChangeRequestSummary,
  changeRequestStatusSchema,
} from '@console/domain/change-request';
import { api } from '@console/domain/endpoints';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { whileBusy } from '../../components/busy.ts';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { PlainTextField } from '../../components/form/PlainTextField.tsx';
import { formatDateTime } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { setOrDelete, useViewState } from '../../components/useViewState.ts';
import { baseEnvironmentOf } from '../../shell/environment/branch.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { useCurrentOperatorQuery } from '../../shell/session/auth.queries.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { BypassList } from './BypassList.tsx';
import { ChangeRequestStatusChip } from './ChangeRequestStatusChip.tsx';
import { useChangeRequestListQuery, useChangeRequestMutation } from './changeRequests.queries.ts';

interface ListFilter {
  status: ChangeRequestStatus | '';
  author: string;
}

/** The filter in the URL (?status=in-review&author=ann@example.com); an unknown status reads as all. */
const readFilter = (params: URLSearchParams): ListFilter => {
  const status = changeRequestStatusSchema.safeParse(params.get('status'));
  return { status: status.success ? status.data : '', author: params.get('author') ?? '' };
};
const writeFilter = (params: URLSearchParams, filter: ListFilter) => {
  setOrDelete(params, 'status', filter.status);
  setOrDelete(params, 'author', filter.author);
};

const COLUMNS: DataColumn<ChangeRequestSummary>[] = [
  {
    header: 'ID',
    cell: (request) => <Link to={`/change-requests/${request.id}`}>{request.id}</Link>,
    sticky: 'start',
  },
  { header: 'Title', cell: (request) => request.title || 'Untitled' },
  { header: 'Environment', cell: (request) => request.environment },
  { header: 'Author', cell: (request) => request.author },
  { header: 'Status', cell: (request) => <ChangeRequestStatusChip status={request.status} /> },
  {
    header: 'Approvals',
    cell: (request) => `${request.approvals.length} of ${request.requiredApprovals}`,
  },
  {
    header: 'Scheduled',
    cell: (request) => (request.scheduledAt === null ? '' : formatDateTime(request.scheduledAt)),
    noWrap: true,
  },
  { header: 'Updated', cell: (request) => formatDateTime(request.updated), noWrap: true },
];

/**
 * Security > Change Requests: every request, newest first, filtered by status and author (kept in the
 * URL); below, the direct changes admins made in the active environment while it required review.
 */
export function ChangeRequestListPage() {
  const [filter, setFilter] = useViewState(readFilter, writeFilter);
  const author = filter.author.trim();
  const list = useChangeRequestListQuery({
    ...(filter.status === '' ? {} : { status: [filter.status] }),
    ...(author === '' ? {} : { author }),
  });
  const me = useCurrentOperatorQuery().data;
  const { active } = useActiveEnvironment();
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);
  const base = baseEnvironmentOf(active);

  return (
    <Page title="Change Requests" actions={<ProposeButton environment={base} onError={banner.report} />}>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Where an environment requires review, changes are proposed in a change request: a copy of the
        environment edited with the ordinary screens, reviewed with its differences and player impact, and
        applied at once or at a chosen time by its admins.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <PlainSelectField
          label="Status"
          value={filter.status}
          sx={{ minWidth: 180 }}
          onChange={(event) => setFilter({ ...filter, status: event.target.value as ListFilter['status'] })}
        >
          <MenuItem value="">All</MenuItem>
          {CHANGE_REQUEST_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {CHANGE_REQUEST_STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </PlainSelectField>
        <PlainTextField
          label="Author"
          value={filter.author}
          placeholder={me?.email ?? 'e-mail'}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 320 } }}
          onChange={(event) => setFilter({ ...filter, author: event.target.value })}
        />
      </Stack>
      <QueryContent query={list} what="Change requests">
        {(data) => (
          <DataTable
            label="Change requests"
            columns={COLUMNS}
            rows={data.items}
            rowKey={(request) => request.id}
            emptyText="No change requests"
          />
        )}
      </QueryContent>
      <BypassList environment={base} />
    </Page>
  );
}

/**
 * Opens a change request of the environment (or continues the operator's draft there) and enters its
 * branch, where the ordinary screens edit it.
 */
function ProposeButton({ environment, onError }: { environment: string; onError(error: unknown): void }) {
  const { select } = useActiveEnvironment();
  const open = useChangeRequestMutation(api.changeRequest.open, environment);
  const propose = () =>
    open.mutate({ continueDraft: true }, { onSuccess: (request) => select(request.branch), onError });
  return (
    <NeedsRight endpoint={api.changeRequest.open} environment={environment} holdsFocus>
      <Button variant="contained" {...whileBusy(open.isPending, propose)}>
        {`Propose a change to ${environment}`}
      </Button>
    </NeedsRight>
  );
}
