// Delivery retries: at least once, for about a day, then the subscription is disabled with its reason.

/** Seconds before each retry of a failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h (about a day). */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS: readonly number[] = [60, 300, 1_800, 7_200, 21_600, 43_200];

/** Each attempt waits this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Seconds before the attempt after `failedAttempts` failed ones, or null when the schedule is spent: the
 * message has failed and the subscription is disabled.
 */
export function nextWebhookRetrySeconds(
  failedAttempts: number,
  schedule: readonly number[] = WEBHOOK_RETRY_SCHEDULE_SECONDS,
): number | null {
  if (failedAttempts < 1) return 0;
  return schedule[failedAttempts - 1] ?? null;
}

/** Why the console disabled a subscription, shown to its admins. */
export const webhookDisabledReason = (attempts: number, lastError: string) =>
  `Disabled after ${attempts} failed attempts over about a day; the last one: ${lastError}`;
