import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { subscribeToApiEvents } from '../../api/client.ts';
import {
  type ConfirmationRequest,
  type ErrorDialogContent,
  type GlobalUiActions,
  GlobalUiActionsContext,
  GlobalUiStateContext,
  type Toast,
  type ToastOptions,
  type ToastSeverity,
} from './globalUi.context.ts';

const kindOf = (toast: Toast) => toast.kind ?? `${toast.title ?? ''}\u0000${toast.message}`;

/** Holds the global dialogs' state; `GlobalDialogs` renders them inside the active theme. */
export function GlobalUiProvider({ children }: { children: ReactNode }) {
  const [isUnauthorized, setUnauthorized] = useState(false);
  const [isServerErrorOpen, setServerErrorOpen] = useState(false);
  const [errorDialog, setErrorDialog] = useState<ErrorDialogContent | null>(null);
  const [confirmation, setConfirmation] = useState<ConfirmationRequest | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const resolveConfirmation = useRef<((isConfirmed: boolean) => void) | null>(null);
  const nextToastId = useRef(1);

  useEffect(
    () =>
      subscribeToApiEvents((event) => {
        if (event.type === 'unauthorized') setUnauthorized(true);
        else if (event.type === 'server-error') setServerErrorOpen(true);
      }),
    [],
  );

  const answerConfirmation = useCallback((isConfirmed: boolean) => {
    resolveConfirmation.current?.(isConfirmed);
    resolveConfirmation.current = null;
    setConfirmation(null);
  }, []);

  const actions = useMemo<GlobalUiActions>(
    () => ({
      showError: (title, message) => setErrorDialog({ title, message }),
      confirm: (request) => {
        // A newer question replaces an unanswered one, which counts as No.
        resolveConfirmation.current?.(false);
        setConfirmation(request);
        return new Promise<boolean>((resolve) => {
          resolveConfirmation.current = resolve;
        });
      },
      toast: (message: string, severity: ToastSeverity = 'success', options: ToastOptions = {}) => {
        const toast: Toast = { id: nextToastId.current++, message, severity, ...options };
        // A newer toast of a kind replaces the older one (shown or waiting) in its place in the
        // queue, so after two rollouts the screen says the second, not the first for 5 s.
        setToasts((queue) => {
          const at = queue.findIndex((queued) => kindOf(queued) === kindOf(toast));
          if (at < 0) return [...queue, toast];
          return [
            ...queue.slice(0, at),
            toast,
            ...queue.slice(at + 1).filter((queued) => kindOf(queued) !== kindOf(toast)),
          ];
        });
      },
      clearUnauthorized: () => setUnauthorized(false),
    }),
    [],
  );

  const state = useMemo(
    () => ({
      isUnauthorized,
      isServerErrorOpen,
      errorDialog,
      confirmation,
      toast: toasts[0] ?? null,
      closeServerError: () => setServerErrorOpen(false),
      closeErrorDialog: () => setErrorDialog(null),
      answerConfirmation,
      closeToast: () => setToasts((queue) => queue.slice(1)),
    }),
    [isUnauthorized, isServerErrorOpen, errorDialog, confirmation, toasts, answerConfirmation],
  );

  return (
    <GlobalUiActionsContext value={actions}>
      <GlobalUiStateContext value={state}>{children}</GlobalUiStateContext>
    </GlobalUiActionsContext>
  );
}
