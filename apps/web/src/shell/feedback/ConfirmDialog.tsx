import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ConfirmationRequest } from './globalUi.context.ts';
import { useRetained } from './useRetained.ts';

interface ConfirmDialogProps {
  request: ConfirmationRequest | null;
  onAnswer(isConfirmed: boolean): void;
}

/** Confirmation dialog with No and Yes; dismissing it answers No. */
export function ConfirmDialog({ request, onAnswer }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const shown = useRetained(request);
  return (
    <Dialog
      open={request !== null}
      onClose={() => onAnswer(false)}
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <DialogTitle id={titleId}>{shown?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{shown?.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)} autoFocus>
          No
        </Button>
        <Button onClick={() => onAnswer(true)} variant="contained">
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
