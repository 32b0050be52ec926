import {
  type ChangeRequestDetails,
  type ChangeRequestDiff,
  ChangeRequestStatus,
  isBranchEditable,
  isFinishedChangeRequest,
} from '@console/domain/change-request';
import { api } from '@console/domain/endpoints';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { whileBusy } from '../../components/busy.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { DecisionDialog, RequestReviewDialog, type ReviewDecision } from './ChangeRequestDialogs.tsx';
import { useApplyChangeRequestMutation } from './changeRequests.queries.ts';

const ScheduleDialog = lazy(async () => ({ default: (await import('./ScheduleDialog.tsx')).ScheduleDialog }));

const MAY_ASK_FOR_REVIEW: readonly ChangeRequestStatus[] = [
  ChangeRequestStatus.Draft,
  ChangeRequestStatus.Rejected,
  ChangeRequestStatus.Failed,
];

/** Why a reviewer's action is not possible now, in the request's state; undefined when it is. */
function reviewLock(
  request: ChangeRequestDetails,
  diff: ChangeRequestDiff | undefined,
  me: string | undefined,
  action: 'approve' | 'reject' | 'apply',
): string | undefined {
  if (action === 'apply') {
    if (request.status !== ChangeRequestStatus.Approved) return 'Only an approved request is applied';
  } else if (action === 'approve') {
    if (request.status !== ChangeRequestStatus.InReview) return 'Only a request in review is approved';
    if (request.approvals.some((approval) => approval.email === me)) return 'You approved it';
    if (request.author === me && !request.policy.allowSelfApproval)
      return 'Authors do not approve their own request';
  } else if (
    request.status !== ChangeRequestStatus.InReview &&
    request.status !== ChangeRequestStatus.Approved
  ) {
    return 'Only a request in review or approved is rejected';
  }
  if (action !== 'reject' && (diff?.conflicts.length ?? 0) > 0) return 'Its conflicts are resolved first';
  return undefined;
}

/**
 * What may be done with the request: its author edits it in its branch, asks for review or closes it; the
 * environment's admins approve, reject, apply it now or schedule it. Each is disabled, saying why, when the
 * role or the request's state does not allow it.
 */
export function ChangeRequestActions({
  request,
  diff,
  me,
  onError,
}: {
  request: ChangeRequestDetails;
  diff: ChangeRequestDiff | undefined;
  me: string | undefined;
  onError(error: unknown): void;
}) {
  const { active, select } = useActiveEnvironment();
  const { confirm, toast } = useGlobalUi();
  const [isAskingReview, setAskingReview] = useState(false);
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const [isScheduling, setScheduling] = useState(false);
  const [hasOpenedSchedule, setHasOpenedSchedule] = useState(false);
  const apply = useApplyChangeRequestMutation(request.environment);
  const { environment, id } = request;
  const isAuthor = request.author === me;
  const isEditable = isBranchEditable(request.status);

  const applyNow = async () => {
    const isConfirmed = await confirm({
      title: `Apply change request ${id} to ${environment}?`,
      message: `Every change of the request reaches the players of ${environment} at once, in one revision.`,
    });
    if (!isConfirmed) return;
    apply.mutate(
      { id, ...(diff ? { diffToken: diff.diffToken } : {}) },
      { onSuccess: () => toast(`Change request ${id} applied to ${environment}`), onError },
    );
  };
  // Proposing needs an operator of the environment; reviewing (approve, reject, apply, schedule) an admin.
  const asAuthor = { endpoint: api.changeRequest.requestReview, environment };
  const asReviewer = { endpoint: api.changeRequest.approve, environment };

  return (
    <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap' }} useFlexGap>
      {isEditable && request.branch !== active && (
        <NeedsRight {...asAuthor} lockedBecause={isAuthor ? undefined : 'Only its author edits it'}>
          <Button variant="outlined" onClick={() => select(request.branch)}>
            Edit in its branch
          </Button>
        </NeedsRight>
      )}
      {MAY_ASK_FOR_REVIEW.includes(request.status) && (
        <NeedsRight {...asAuthor} lockedBecause={isAuthor ? undefined : 'Only its author asks for review'}>
          <Button variant="contained" onClick={() => setAskingReview(true)}>
            Request review
          </Button>
        </NeedsRight>
      )}
      <NeedsRight {...asReviewer} lockedBecause={reviewLock(request, diff, me, 'approve')}>
        <Button variant="contained" color="success" onClick={() => setDecision('approve')}>
          Approve
        </Button>
      </NeedsRight>
      <NeedsRight {...asReviewer} lockedBecause={reviewLock(request, diff, me, 'reject')}>
        <Button variant="outlined" color="error" onClick={() => setDecision('reject')}>
          Reject
        </Button>
      </NeedsRight>
      <NeedsRight {...asReviewer} lockedBecause={reviewLock(request, diff, me, 'apply')} holdsFocus>
        <Button variant="contained" {...whileBusy(apply.isPending, () => void applyNow())}>
          Apply now
        </Button>
      </NeedsRight>
      <NeedsRight {...asReviewer} lockedBecause={reviewLock(request, diff, me, 'apply')}>
        <Button
          variant="outlined"
          onClick={() => {
            setHasOpenedSchedule(true);
            setScheduling(true);
          }}
        >
          Schedule
        </Button>
      </NeedsRight>
      {!isFinishedChangeRequest(request.status) && (
        <NeedsRight {...asAuthor}>
          <Button color="inherit" onClick={() => setDecision('close')}>
            Close request
          </Button>
        </NeedsRight>
      )}
      <RequestReviewDialog request={request} open={isAskingReview} onClose={() => setAskingReview(false)} />
      <DecisionDialog request={request} decision={decision} onClose={() => setDecision(null)} />
      {hasOpenedSchedule && (
        <Suspense fallback={null}>
          <ScheduleDialog request={request} open={isScheduling} onClose={() => setScheduling(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
