import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { Loading } from '../../components/Loading.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { DiffView } from './DiffView.tsx';
import { useRepublishMutation, useRevisionDiffQuery } from './revisions.queries.ts';

interface RepublishDialogProps {
  revision: number;
  /** The revision game servers receive now. */
  served: number;
  onClose(): void;
  onError(error: unknown): void;
}

/**
 * The rollback's confirmation shows its impact first, the diff from the revision served to
 * the one republished (with the players each changed split moves), then republishes.
 */
export function RepublishDialog({ revision, served, onClose, onError }: RepublishDialogProps) {
  const titleId = useId();
  const impact = useRevisionDiffQuery({ from: served, to: revision });
  const republish = useRepublishMutation();
  const { toast } = useGlobalUi();
  const confirm = () =>
    republish.mutate(
      { revision },
      {
        onSuccess: (answer) => {
          toast(
            `Republished revision ${revision} as revision ${answer.revision}; publishing is pinned`,
            'success',
          );
          onClose();
        },
        onError: (error) => {
          onError(error);
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{`Republish revision ${revision}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {`Game servers receive revision ${revision}'s content as a new revision, and publishing is pinned to it ` +
            `until Resume publishing. What changes from revision ${served}, served now:`}
        </DialogContentText>
        {impact.data ? <DiffView described={impact.data} /> : impact.isError ? null : <Loading />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="warning"
          onClick={confirm}
          disabled={!impact.data || republish.isPending}
        >
          {`Republish revision ${revision}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
