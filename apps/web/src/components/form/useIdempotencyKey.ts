import { useMemo, useRef } from 'react';

/** 128 random bits as hex; getRandomValues also works where randomUUID does not (plain http). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The idempotency key of a form's send: the same for every retry of the same values, so a repeated
 * submit (a double click, a retry after an answer was lost) is answered by the server with the first
 * result; a new one for other values, and after a send of these values succeeded.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(values: unknown): string {
        const fingerprint = JSON.stringify(values);
        if (current.current?.fingerprint !== fingerprint) {
          current.current = { fingerprint, key: newIdempotencyKey() };
        }
        return current.current.key;
      },
      /** The send succeeded: the next one, even of the same values, is a new send. */
      settle(): void {
        current.current = null;
      },
    }),
    [],
  );
}
