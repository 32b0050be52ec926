import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { CloseIcon } from '../../components/icons.tsx';
import type { Toast } from './globalUi.context.ts';

// Toasts auto-hide after 5000 ms.
export const TOAST_AUTO_HIDE_MS = 5000;

interface ToastsProps {
  toast: Toast | null;
  onClose(): void;
}

export function Toasts({ toast, onClose }: ToastsProps) {
  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not cut the toast short.
    if (reason !== 'clickaway') onClose();
  };
  return (
    <Snackbar
      key={toast?.id}
      open={toast !== null}
      autoHideDuration={toast?.autoHideMs ?? TOAST_AUTO_HIDE_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={onClose}
        action={
          toast?.actions?.length ? (
            <>
              {toast.actions.map((action) => (
                <Button
                  key={action.label}
                  color="inherit"
                  size="small"
                  sx={{ whiteSpace: 'nowrap' }}
                  onClick={() => {
                    onClose();
                    action.onClick();
                  }}
                >
                  {action.label}
                </Button>
              ))}
              {/* An action replaces the Alert's own close button: it stays beside the actions. */}
              <IconButton aria-label="Close" color="inherit" size="small" onClick={onClose}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          ) : undefined
        }
        severity={toast?.severity ?? 'success'}
        variant="filled"
        // In a narrow window (200% zoom) the actions go below the message instead of squeezing it and
        // breaking their own labels.
        sx={{ width: '100%', flexWrap: 'wrap', '& .MuiAlert-message': { flex: '1 1 12rem' } }}
      >
        {toast?.title && <AlertTitle>{toast.title}</AlertTitle>}
        {toast?.message}
      </Alert>
    </Snackbar>
  );
}
