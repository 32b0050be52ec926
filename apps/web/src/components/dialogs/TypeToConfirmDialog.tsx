import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

interface TypeToConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** The confirm button's text, naming what happens: 'Transfer into prod'. */
  confirmLabel: string;
  /** When given, the operator types it (e.g. the environment's id) before the confirm button works. */
  typedConfirmation?: string | undefined;
  /** The confirmed change is being made: the dialog stays open and its buttons wait (it cannot be taken back). */
  isBusy?: boolean;
  onAnswer(isConfirmed: boolean): void;
}

/**
 * A confirmation for a change that is hard to take back: it says what will change, and for the
 * hardest ones asks the operator to type a name, so a reflex click on a default button is not enough.
 */
export function TypeToConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  typedConfirmation,
  isBusy = false,
  onAnswer,
}: TypeToConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const [typed, setTyped] = useState('');
  const isConfirmable = typedConfirmation === undefined || typed === typedConfirmation;
  const answer = (isConfirmed: boolean) => {
    setTyped('');
    onAnswer(isConfirmed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isConfirmable && !isBusy) answer(true);
  };
  return (
    <Dialog
      open={open}
      onClose={() => isBusy || answer(false)}
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={messageId}>{message}</DialogContentText>
          {typedConfirmation === undefined ? null : (
            <TextField
              label={`Type ${typedConfirmation} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoFocus
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answer(false)} disabled={isBusy} autoFocus={typedConfirmation === undefined}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="warning" disabled={!isConfirmable || isBusy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
