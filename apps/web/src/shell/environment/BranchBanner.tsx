import { CHANGE_REQUEST_STATUS_LABELS, ChangeRequestStatus } from '@console/domain/change-request';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../api/hooks.ts';
import { RequestReviewDialog } from '../../features/change-requests/ChangeRequestDialogs.tsx';
import { changeRequestEndpoints } from '../changeRequest.api.ts';
import type { Branch } from './branch.ts';
import { useActiveEnvironment } from './environment.context.ts';

const MAY_ASK_FOR_REVIEW: readonly ChangeRequestStatus[] = [
  ChangeRequestStatus.Draft,
  ChangeRequestStatus.Rejected,
  ChangeRequestStatus.Failed,
];

/**
 * Above every page inside a change request's branch: which request of which environment the operator is
 * changing, "Back to prod" (the request is kept) and "Request review". Loaded only inside a branch.
 */
export function BranchBanner({ branch }: { branch: Branch }) {
  const { select } = useActiveEnvironment();
  const { base, changeRequestId: id } = branch;
  const request = useEndpointQuery(changeRequestEndpoints.get, { id }, { environment: base }).data;
  const [isAskingReview, setAskingReview] = useState(false);
  const status = request ? ` · ${CHANGE_REQUEST_STATUS_LABELS[request.status]}` : '';
  return (
    <Alert
      severity="warning"
      variant="outlined"
      role="region"
      aria-label={`Change request ${id} of ${base}`}
      sx={{ mb: 2, '& .MuiAlert-message': { flexGrow: 1 } }}
    >
      <AlertTitle>{`Change request ${id} of ${base}${status}`}</AlertTitle>
      {`You are changing a copy of ${base}${request?.title ? ` for "${request.title}"` : ''}: its players see ` +
        'none of it until the request is approved and applied.'}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
        <Button variant="outlined" color="inherit" size="small" onClick={() => select(base)}>
          {`Back to ${base}`}
        </Button>
        {request && MAY_ASK_FOR_REVIEW.includes(request.status) && (
          <Button variant="contained" size="small" onClick={() => setAskingReview(true)}>
            Request review
          </Button>
        )}
        <Button component={Link} to={`/change-requests/${id}`} size="small" color="inherit">
          Open the request
        </Button>
      </Stack>
      {request && (
        <RequestReviewDialog request={request} open={isAskingReview} onClose={() => setAskingReview(false)} />
      )}
    </Alert>
  );
}
