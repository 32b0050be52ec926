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
}

/**
 * The signing secret of a new subscription, shown once (the receiver verifies each delivery's signature
 * with it), with Copy. Closing it forgets the secret: the screen holds it nowhere else.
 */
export function SigningSecretDialog({ created, onClose }: SigningSecretDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const secretRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
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
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Signing secret of {created?.name}</DialogTitle>
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
          {created?.secret}
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
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
