import {
  type ChangeRequestDetails,
  ChangeRequestStatus,
  isBranchEditable,
} from '@console/domain/change-request';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { formatOperatorTime } from '../../components/form/DateTimeFormField.tsx';
import { formatDateTime } from '../../components/format.ts';
import { Loading } from '../../components/Loading.tsx';
import { NotFoundNotice } from '../../components/NotFoundNotice.tsx';
import { Page } from '../../components/Page.tsx';
import { NotLoaded, QueryContent } from '../../components/QueryContent.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { useCurrentOperatorQuery } from '../../shell/session/auth.queries.ts';
import { ChangeRequestActions } from './ChangeRequestActions.tsx';
import { ChangeRequestDiffSection } from './ChangeRequestDiffSection.tsx';
import { ChangeRequestHistory } from './ChangeRequestHistory.tsx';
import { ChangeRequestStatusChip } from './ChangeRequestStatusChip.tsx';
import { ConflictList } from './ConflictList.tsx';
import {
  useChangeRequestDiffQuery,
  useChangeRequestEnvironmentQuery,
  useChangeRequestQuery,
} from './changeRequests.queries.ts';

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** /change-requests/{id}: the review screen of one request, in whichever environment it changes. */
export function ChangeRequestPage() {
  const { id: given = '' } = useParams();
  const id = ID_PATTERN.test(given) ? Number(given) : null;
  if (id === null) {
    return (
      <NotFoundNotice
        title="Change request not found"
        text={`There is no change request '${given}'.`}
        backTo="/change-requests"
        backLabel="Change Requests"
      />
    );
  }
  return <ChangeRequestReview id={id} />;
}

function ChangeRequestReview({ id }: { id: number }) {
  const located = useChangeRequestEnvironmentQuery(id);
  const environment = located.data ?? undefined;
  const details = useChangeRequestQuery(id, environment);
  const banner = useErrorBanner();
  useReportQueryError(banner, details.error);

  if (located.data === null) {
    return (
      <NotFoundNotice
        title="Change request not found"
        text={`There is no change request ${id}.`}
        backTo="/change-requests"
        backLabel="Change Requests"
      />
    );
  }
  if (located.isError) {
    return (
      <Page title={`Change request ${id}`}>
        <NotLoaded what={`Change request ${id}`} query={located} />
      </Page>
    );
  }
  if (!details.data) {
    return (
      <Page title={`Change request ${id}`}>
        <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
        {details.isError ? <NotLoaded what={`Change request ${id}`} query={details} /> : <Loading />}
      </Page>
    );
  }
  return <ReviewScreen request={details.data} banner={banner} />;
}

function ReviewScreen({
  request,
  banner,
}: {
  request: ChangeRequestDetails;
  banner: ReturnType<typeof useErrorBanner>;
}) {
  const me = useCurrentOperatorQuery().data?.email;
  // A finished request's branch is archived: there is nothing to compare any more.
  const hasDiff =
    request.status !== ChangeRequestStatus.Applied && request.status !== ChangeRequestStatus.Closed;
  const diff = useChangeRequestDiffQuery(request.id, request.environment, hasDiff);
  useReportQueryError(banner, diff.error);
  const title = `Change request ${request.id}: ${request.title || 'Untitled'}`;

  return (
    <Page title={title} documentTitle={`Change request ${request.id}`}>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <ChangeRequestStatusChip status={request.status} />
        <Typography>{`Changes ${request.environment}`}</Typography>
        <Typography>{`Author ${request.author}`}</Typography>
        <Typography>{`Approvals ${request.approvals.length} of ${request.requiredApprovals}`}</Typography>
        <Typography color="text.secondary">{`Opened ${formatDateTime(request.created)}`}</Typography>
        <Link to="/change-requests">All change requests</Link>
      </Stack>
      {request.scheduledAt !== null && request.status === ChangeRequestStatus.Scheduled && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {`Scheduled: applied at ${formatOperatorTime(request.scheduledAt)}, ` +
            `${new Date(request.scheduledAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`}
        </Alert>
      )}
      {request.failure !== null && (
        <Alert severity="error" sx={{ mt: 2 }}>{`Not applied: ${request.failure}`}</Alert>
      )}
      {request.applyOnApproval && isBranchEditable(request.status) && (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          Applied as soon as the last approval is given.
        </Typography>
      )}
      {request.description !== '' && (
        <Box component="p" sx={{ whiteSpace: 'pre-wrap', my: 2 }}>
          {request.description}
        </Box>
      )}
      <ChangeRequestActions request={request} diff={diff.data} me={me} onError={banner.report} />
      {hasDiff && (
        <QueryContent query={diff} what="The request's differences">
          {(data) => (
            <Stack spacing={2}>
              <ConflictList
                requestId={request.id}
                environment={request.environment}
                conflicts={data.conflicts}
                lockedBecause={request.author === me ? undefined : 'Only its author resolves a conflict'}
                onError={banner.report}
              />
              <ChangeRequestDiffSection diff={data} environment={request.environment} />
            </Stack>
          )}
        </QueryContent>
      )}
      <ChangeRequestHistory
        requestId={request.id}
        environment={request.environment}
        history={request.history}
        onError={banner.report}
      />
    </Page>
  );
}
