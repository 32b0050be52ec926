import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { ReRandomiseCheckbox } from './ReRandomiseCheckbox.tsx';
import { SplitChangeImpact } from './SplitChangeImpact.tsx';

export interface VersionActivationAnswer {
  isConfirmed: boolean;
  reRandomise: boolean;
}

/**
 * Activating a version of an active AB-test asks first (No / Yes, dismissing is No), offers the
 * choice of a fresh split, and shows the players the activation moves (or that everyone
 * is re-split) before the answer. Mounted per question, so the checkbox starts unticked each time.
 */
export function VersionActivationDialog({
  abTestId,
  version,
  message,
  onAnswer,
}: {
  abTestId: string;
  version: number;
  message: string;
  onAnswer(answer: VersionActivationAnswer): void;
}) {
  const titleId = useId();
  const messageId = useId();
  const [reRandomise, setReRandomise] = useState(false);
  const answer = (isConfirmed: boolean) => onAnswer({ isConfirmed, reRandomise: isConfirmed && reRandomise });
  return (
    <Dialog open onClose={() => answer(false)} aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>{`Activate version ${version}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} sx={{ mb: 1 }}>
          {message}
        </DialogContentText>
        <SplitChangeImpact
          request={{ id: abTestId, version, ...(reRandomise ? { reRandomise: true } : {}) }}
        />
        <ReRandomiseCheckbox checked={reRandomise} onChange={setReRandomise} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)} autoFocus>
          No
        </Button>
        <Button onClick={() => answer(true)} variant="contained">
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
