import { DomainError, ErrorCode } from '@console/domain/errors';

// "Rate-bounded per key": each runtime key may send this process so many events per second, a token
// bucket holding one second's worth (a burst of one second, then the steady rate). Beyond it the batch is
// refused 429 and stores nothing; the SDK keeps it and sends it again after its backoff.

export interface EventRate {
  /** Takes `count` events from the key's bucket, or throws 429 when it holds fewer. */
  take(keyId: string, count: number, now?: number): void;
}

export function createEventRate(perSecond: number): EventRate {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(keyId, count, now = performance.now()) {
      const bucket = buckets.get(keyId) ?? { tokens: perSecond, at: now };
      bucket.tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
      bucket.at = now;
      buckets.set(keyId, bucket);
      if (bucket.tokens < count) {
        throw new DomainError(
          ErrorCode.TooManyRequests,
          `This runtime key sends more than ${perSecond.toLocaleString('en-US')} events a second; send the batch again shortly`,
        );
      }
      bucket.tokens -= count;
    },
  };
}
