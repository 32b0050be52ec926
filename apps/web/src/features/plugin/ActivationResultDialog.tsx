import { pluginNameOf } from '@console/domain/operations';
import { type ActivateDraftResponse, PLUGIN_MESSAGES } from '@console/domain/plugin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useRetained } from '../../shell/feedback/useRetained.ts';

export const ACTIVATION_RESULT_TITLE = 'Activation result';

// Activation result dialog: X is the plugin's name. A plugin known to be switched off says so: its
// players get the activated set only once it is switched on.
export const activatedText = (pluginId: number, isSwitchedOn?: boolean) =>
  isSwitchedOn === false
    ? PLUGIN_MESSAGES.activatedSwitchedOff(pluginNameOf(pluginId))
    : PLUGIN_MESSAGES.activatedTitle(pluginNameOf(pluginId));
export const activationFailedText = (pluginId: number, message: string) =>
  PLUGIN_MESSAGES.activationFailed(pluginNameOf(pluginId), message);

interface ActivationResultDialogProps {
  /** The answer of /api/plugin/draft/activate; the dialog is open while it is set. */
  outcome: ActivateDraftResponse | null;
  /** Whether a plugin is switched on; undefined when not known. */
  isSwitchedOn(pluginId: number): boolean | undefined;
  onClose(): void;
}

/** A static backdrop: without onClose neither a click beside it nor Escape closes it; only Close does. */
export function ActivationResultDialog({ outcome, isSwitchedOn, onClose }: ActivationResultDialogProps) {
  const titleId = useId();
  // The alerts stay while the dialog fades out.
  const shown = useRetained(outcome);
  return (
    <Dialog open={outcome !== null} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{ACTIVATION_RESULT_TITLE}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {shown?.updated.map((pluginId) => (
            <Alert key={`ok-${pluginId}`} severity={isSwitchedOn(pluginId) === false ? 'info' : 'success'}>
              {activatedText(pluginId, isSwitchedOn(pluginId))}
            </Alert>
          ))}
          {shown?.error.map(([pluginId, message]) => (
            <Alert key={`error-${pluginId}`} severity="error">
              {activationFailedText(pluginId, message)}
            </Alert>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
