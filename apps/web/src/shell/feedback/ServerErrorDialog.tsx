import { MESSAGES } from '@console/domain/errors';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface ServerErrorDialogProps {
  open: boolean;
  onClose(): void;
}

/** Any HTTP 500 opens this modal. */
export function ServerErrorDialog({ open, onClose }: ServerErrorDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>Server Error</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{MESSAGES.serverError}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
