// Reconnection delays: exponential, capped, with jitter so that the game servers a console restart
// disconnected all at once do not all come back in the same instant.

export interface BackoffOptions {
  /** The delay before the first retry, in ms. */
  initialDelayMs: number;
  /** The longest delay, in ms. */
  maxDelayMs: number;
  /** How much each further attempt multiplies the delay. */
  factor: number;
  /** 0..1: the share of the delay that is random (0.5: between half and all of it). */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  factor: 2,
  jitter: 0.5,
};

/**
 * The delay before retry number `attempt` (0 = the first retry after a failure):
 * min(max, initial·factor^attempt), of which the `jitter` share is drawn at random, so the delay lies
 * in [(1 − jitter)·d, d]. `random` returns a number in [0, 1), like Math.random.
 */
export function computeBackoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, Math.floor(attempt));
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * options.factor ** exponent);
  const jitter = Math.min(1, Math.max(0, options.jitter));
  return Math.round(ceiling * (1 - jitter * random()));
}

/** Waits `ms`, or less when `signal` aborts first (it never rejects). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
