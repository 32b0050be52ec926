import Alert from '@mui/material/Alert';

interface ErrorBannerProps {
  messages: readonly string[];
  onDismiss(): void;
}

/** The inline, dismissible red error banner of a screen; several failures stack in one banner. */
export function ErrorBanner({ messages, onDismiss }: ErrorBannerProps) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" variant="filled" onClose={onDismiss} sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
      {messages.join('\n')}
    </Alert>
  );
}
