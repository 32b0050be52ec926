import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ErrorDialogContent } from './globalUi.context.ts';
import { useRetained } from './useRetained.ts';

interface ErrorDialogProps {
  content: ErrorDialogContent | null;
  onClose(): void;
}

/** Generic error modal titled 'Error: {title}' with a message body and Close. */
export function ErrorDialog({ content, onClose }: ErrorDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const shown = useRetained(content);
  return (
    <Dialog open={content !== null} onClose={onClose} aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>{`Error: ${shown?.title ?? ''}`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} sx={{ whiteSpace: 'pre-wrap' }}>
          {shown?.message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
