import { api } from '@console/domain/endpoints';
import type { RevisionListResponse } from '@console/domain/runtime';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatDateTime } from '../../components/format.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { useResumeMutation } from './revisions.queries.ts';

/** While the runtime is pinned to a republished revision: since when, by whom, what waits, and Resume publishing. */
export function PinBanner({
  list,
  onError,
}: {
  list: RevisionListResponse;
  onError: (error: unknown) => void;
}) {
  const { confirm, toast } = useGlobalUi();
  const resume = useResumeMutation();
  if (!list.pinned) return null;
  const { revision, since, by } = list.pinned;
  const waiting = `${list.waiting} ${list.waiting === 1 ? 'change waits' : 'changes wait'}`;
  const askAndResume = async () => {
    const isConfirmed = await confirm({
      title: 'Resume publishing?',
      message: `The console's current state is published as a new revision; ${waiting}.`,
    });
    if (!isConfirmed) return;
    resume.mutate(undefined, {
      onSuccess: (answer) =>
        toast(
          answer.published ? `Published revision ${answer.revision}` : 'Resumed; nothing new to publish',
          'success',
        ),
      onError,
    });
  };
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <NeedsRight endpoint={api.runtime.resume}>
          <Button color="inherit" onClick={askAndResume} disabled={resume.isPending}>
            Resume publishing
          </Button>
        </NeedsRight>
      }
    >
      {`The runtime is pinned to revision ${revision} since ${formatDateTime(since)} by ${by}; ${waiting} for resume.`}
    </Alert>
  );
}
