import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { ReRandomiseCheckbox } from './ReRandomiseCheckbox.tsx';

export interface VersionActivationAnswer {
  isConfirmed: boolean;
  reRandomise: boolean;
}

/**
 * spec §4: activating a version of an active AB-test asks first (No / Yes, dismissing is No); issue 13
 * adds the choice of a fresh split. Mounted per question, so the checkbox starts unticked each time.
 */
export function VersionActivationDialog({
  version,
  message,
  onAnswer,
}: {
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
