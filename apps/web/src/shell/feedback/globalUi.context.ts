import { createContext, useContext } from 'react';

export interface ErrorDialogContent {
  title: string;
  message: string;
}

export interface ConfirmationRequest {
  title: string;
  message: string;
}

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

/** A button on the toast (e.g. Undo); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  onClick(): void;
}

export interface ToastOptions {
  /** A bold first line (e.g. the autosave toast's "AutoSave"). */
  title?: string;
  /** How long it stays; the shell's default when left out. */
  autoHideMs?: number;
  /**
   * What the toast reports (e.g. 'abtest.rollout'): a newer toast of the same kind replaces an
   * older one, shown or waiting, so the screen never shows an outdated result. Left out, a toast is
   * of the kind of its own text (a burst of equal toasts shows once).
   */
  kind?: string;
  actions?: readonly ToastAction[];
}

export interface GlobalUiActions {
  /** Opens the error modal 'Error: {title}'. */
  showError(title: string, message: string): void;
  /** Opens the confirmation dialog; resolves true on Yes, false on No or dismissal. */
  confirm(request: ConfirmationRequest): Promise<boolean>;
  /** Queues a toast; it replaces any toast of the same kind, shown or waiting (and restarts the timer). */
  toast(message: string, severity?: ToastSeverity, options?: ToastOptions): void;
  /** After signing in: leave the login-required page. */
  clearUnauthorized(): void;
}

export interface Toast extends ToastOptions {
  id: number;
  message: string;
  severity: ToastSeverity;
}

export interface GlobalUiState {
  isUnauthorized: boolean;
  isServerErrorOpen: boolean;
  errorDialog: ErrorDialogContent | null;
  confirmation: ConfirmationRequest | null;
  toast: Toast | null;
}

export interface GlobalUiControls {
  closeServerError(): void;
  closeErrorDialog(): void;
  answerConfirmation(isConfirmed: boolean): void;
  closeToast(): void;
}

export const GlobalUiActionsContext = createContext<GlobalUiActions | null>(null);
export const GlobalUiStateContext = createContext<(GlobalUiState & GlobalUiControls) | null>(null);

export function useGlobalUi(): GlobalUiActions {
  const actions = useContext(GlobalUiActionsContext);
  if (!actions) throw new Error('useGlobalUi must be used inside GlobalUiProvider');
  return actions;
}

export function useGlobalUiState(): GlobalUiState & GlobalUiControls {
  const state = useContext(GlobalUiStateContext);
  if (!state) throw new Error('useGlobalUiState must be used inside GlobalUiProvider');
  return state;
}
