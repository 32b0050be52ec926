import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
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
        severity={toast?.severity ?? 'success'}
        variant="filled"
        sx={{ width: '100%' }}
      >
        {toast?.title && <AlertTitle>{toast.title}</AlertTitle>}
        {toast?.message}
      </Alert>
    </Snackbar>
  );
}
