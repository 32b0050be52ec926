import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { ContentCopyIcon } from '../../components/icons.tsx';

export const SECRET_NOT_SHOWN_AGAIN =
  'Copy it now: you will not see it again. The console keeps it only to sign deliveries.';

interface SigningSecretDialogProps {
  /** The subscription just created, and its secret: the only time the console answers it. */
  created: { name: string; secret: string } | null;
  onClose(): void;
  /**
   * The dialog has closed: the screen forgets the secret and puts the focus back itself (the dialog that
   * opened this one, where MUI would return it, is gone).
   */
  onClosed(): void;
}

/**
 * The signing secret of a new subscription, or the one replacing it, shown once (the receiver verifies each
 * delivery's signature with it), with Copy. Closing it forgets the secret: the screen holds it nowhere else.
 */
export function SigningSecretDialog({ created, onClose, onClosed }: SigningSecretDialogProps) {
  // The last secret given, kept while the dialog fades out, so it keeps its name and text until it is gone.
  const [shown, setShown] = useState(created);
  if (created !== null && created !== shown) setShown(created);
  const titleId = useId();
  const messageId = useId();
  const secretRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const closed = () => {
    setCopied(null);
    setShown(null);
    onClosed();
  };
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the secret is selected for Ctrl+C instead.
      const selection = window.getSelection();
      if (secretRef.current && selection) selection.selectAllChildren(secretRef.current);
      setCopied('failed');
    }
  };
  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      disableRestoreFocus
      slotProps={{ transition: { onExited: closed } }}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Signing secret of {shown?.name}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} sx={{ mb: 2 }}>
          The receiver checks each delivery's webhook-signature with this secret. {SECRET_NOT_SHOWN_AGAIN}
        </DialogContentText>
        <Box
          component="code"
          ref={secretRef}
          data-testid="webhook-secret"
          sx={{ display: 'block', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, wordBreak: 'break-all' }}
        >
          {shown?.secret}
        </Box>
        <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: 24 }}>
          {copied === 'copied' && 'Copied to the clipboard.'}
          {copied === 'failed' && 'The clipboard refused it: the secret is selected, press Ctrl+C.'}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} autoFocus>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
