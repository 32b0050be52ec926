import { metricEventSchema, type RuntimeEvent } from '@console/domain/runtime';
import type { Exposure } from './runtime-types.ts';

// The events the SDK sends, built with ids of their own: a random prefix per client and a counter, so
// ids never repeat across game servers or restarts, and a batch sent again is recognised by the console.

export function createEventIds(): () => string {
  const prefix = globalThis.crypto.randomUUID();
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}

/** The exposure as POST /runtime/v1/events takes it; null when the test has no version (nothing to count). */
export function exposureEvent(exposure: Exposure, id: string): RuntimeEvent | null {
  if (exposure.version === null) return null;
  return {
    type: 'exposure',
    id,
    userId: exposure.userId,
    abTestId: exposure.abTestId,
    version: exposure.version,
    caseIndex: exposure.caseIndex,
    at: exposure.at,
  };
}

/**
 * track()'s event, checked with the console's own schema (the field named in the RangeError), so a bad
 * call fails where it is made rather than in a batch the console refuses.
 */
export function metricEvent(
  userId: string,
  event: string,
  value: number | undefined,
  id: string,
  at: number,
): RuntimeEvent {
  const candidate = { type: 'metric', id, userId, event, ...(value === undefined ? {} : { value }), at };
  const parsed = metricEventSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RangeError(`track(): ${issue?.path.join('.') ?? 'event'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
