import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorDialog } from './ErrorDialog.tsx';
import { useGlobalUiState } from './globalUi.context.ts';
import { ServerErrorDialog } from './ServerErrorDialog.tsx';
import { Toasts } from './Toasts.tsx';

/** The global modals and toasts; rendered inside the theme so prod's dark theme reaches them. */
export function GlobalDialogs() {
  const ui = useGlobalUiState();
  return (
    <>
      <ErrorDialog content={ui.errorDialog} onClose={ui.closeErrorDialog} />
      <ConfirmDialog request={ui.confirmation} onAnswer={ui.answerConfirmation} />
      <ServerErrorDialog open={ui.isServerErrorOpen} onClose={ui.closeServerError} />
      <Toasts toast={ui.toast} onClose={ui.closeToast} />
    </>
  );
}
