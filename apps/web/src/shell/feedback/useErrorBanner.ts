import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useActiveEnvironment } from '../environment/environment.context.ts';

export interface ErrorBannerState {
  messages: readonly string[];
  /** Appends a failure (partial failures are appended to the same banner). */
  report(error: unknown): void;
  dismiss(): void;
}

const NO_MESSAGES: readonly string[] = [];

/** A screen's error banner: cleared when the active environment changes. */
export function useErrorBanner(): ErrorBannerState {
  const { active } = useActiveEnvironment();
  const [messages, setMessages] = useState(NO_MESSAGES);

  // biome-ignore lint/correctness/useExhaustiveDependencies: clearing is the reaction to a change of environment
  useEffect(() => setMessages(NO_MESSAGES), [active]);

  const report = useCallback((error: unknown) => {
    const message = messageOf(error);
    if (message !== null) setMessages((current) => [...current, message]);
  }, []);
  const dismiss = useCallback(() => setMessages(NO_MESSAGES), []);
  return { messages, report, dismiss };
}

/** Reports a query's failure once per failure. */
export function useReportQueryError(banner: ErrorBannerState, error: unknown): void {
  const { report } = banner;
  const lastReported = useRef<unknown>(null);
  useEffect(() => {
    if (!error || error === lastReported.current) return;
    lastReported.current = error;
    report(error);
  }, [error, report]);
}

function messageOf(error: unknown): string | null {
  // The login-required page and the Server Error modal already tell the operator.
  if (error instanceof ApiError && error.isHandledGlobally) return null;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unexpected error';
}
