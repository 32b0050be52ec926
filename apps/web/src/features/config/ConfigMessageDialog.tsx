import { CONFIG_INFO_PREFIX, classifyConfigError } from '@console/domain/config';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useRetained } from '../../shell/feedback/useRetained.ts';

// A configuration call's failure is information ("INFO:" → dialog "Information"),
// "Update is not allowed:" (dialog "Error: Update changes active configuration", Cancel and Ok), or a
// processing error (dialog "Error: Processing Configuration", the message as code text).

export const CONFIG_DIALOG_TITLES = {
  information: 'Information',
  error: 'Error: Processing Configuration',
  'update-not-allowed': 'Error: Update changes active configuration',
} as const;

/** What Ok does (duplicate, new A/B-test version, reassign, update plugins). */
export const UPDATE_FLOW_EXPLANATION =
  'Ok saves your changes as a copy under a new ID, gives each A/B-test serving this configuration a new ' +
  'version with the same weights, and points the plugins at the copy. Players keep their cases.';

export type ConfigMessage = { class: keyof typeof CONFIG_DIALOG_TITLES; message: string };

/** The message a failure shows, or null when the shell already shows it (401, 500). */
export function configMessageOf(error: unknown): ConfigMessage | null {
  if (error instanceof ApiError && error.isHandledGlobally) return null;
  const message = (error instanceof Error ? error.message : String(error)).trim();
  return { class: classifyConfigError(message), message };
}

/** The dialog's state: show(error) classifies a failure; answer(true) is Ok. */
export function useConfigMessageDialog() {
  const [shown, setShown] = useState<ConfigMessage | null>(null);
  const show = useCallback((message: ConfigMessage | null) => setShown(message), []);
  const close = useCallback(() => setShown(null), []);
  return { shown, show, close };
}

interface ConfigMessageDialogProps {
  shown: ConfigMessage | null;
  onClose(): void;
  /** "Update is not allowed": Ok runs the automatic flow. Without it, the class shows as a processing error. */
  onAcceptUpdateFlow?(): void;
}

export function ConfigMessageDialog({
  shown: current,
  onClose,
  onAcceptUpdateFlow,
}: ConfigMessageDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const shown = useRetained(current);
  const dialogClass =
    shown?.class === 'update-not-allowed' && !onAcceptUpdateFlow ? 'error' : (shown?.class ?? 'error');
  const text =
    dialogClass === 'information' && shown
      ? shown.message.slice(CONFIG_INFO_PREFIX.length).trim()
      : (shown?.message ?? '');
  return (
    <Dialog open={current !== null} onClose={onClose} aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>{CONFIG_DIALOG_TITLES[dialogClass]}</DialogTitle>
      <DialogContent>
        {dialogClass === 'error' ? (
          <Box
            component="pre"
            id={messageId}
            sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap' }}
          >
            <code>{text}</code>
          </Box>
        ) : (
          <DialogContentText id={messageId} sx={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </DialogContentText>
        )}
        {dialogClass === 'update-not-allowed' && (
          <DialogContentText sx={{ mt: 2 }}>{UPDATE_FLOW_EXPLANATION}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {dialogClass === 'update-not-allowed' ? (
          <>
            <Button onClick={onClose} autoFocus>
              Cancel
            </Button>
            <Button variant="contained" onClick={onAcceptUpdateFlow}>
              Ok
            </Button>
          </>
        ) : (
          <Button onClick={onClose} autoFocus>
            Close
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
