import { describe, expect, it } from 'vitest';
import { computeBackoffDelay, DEFAULT_BACKOFF, sleep } from './backoff.ts';

const options = { initialDelayMs: 100, maxDelayMs: 5_000, factor: 2, jitter: 0.5 };

describe('computeBackoffDelay', () => {
  it('doubles from the initial delay up to the cap when the random draw is at its lowest', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 10, 100].map((attempt) =>
      computeBackoffDelay(attempt, options, () => 0),
    );
    expect(delays).toEqual([100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000]);
  });

  it('takes away at most the jitter share of the delay', () => {
    expect(computeBackoffDelay(3, options, () => 0.999_999)).toBe(400);
    expect(computeBackoffDelay(3, options, () => 0.5)).toBe(600);
    expect(computeBackoffDelay(3, { ...options, jitter: 1 }, () => 0.75)).toBe(200);
    expect(computeBackoffDelay(3, { ...options, jitter: 0 }, () => 0.75)).toBe(800);
  });

  it('stays within [(1 − jitter)·d, d] for any draw', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** attempt);
      for (const draw of [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999]) {
        const delay = computeBackoffDelay(attempt, options, () => draw);
        expect(delay).toBeGreaterThanOrEqual(Math.round(ceiling / 2));
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('spreads clients that retry together (the draws differ, so do the delays)', () => {
    const delays = new Set(Array.from({ length: 50 }, () => computeBackoffDelay(4, DEFAULT_BACKOFF)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it('treats negative or fractional attempts as the nearest lower whole attempt, at least 0', () => {
    expect(computeBackoffDelay(-3, options, () => 0)).toBe(100);
    expect(computeBackoffDelay(2.7, options, () => 0)).toBe(400);
  });
});

describe('sleep', () => {
  it('ends early, without rejecting, when its signal aborts', async () => {
    const controller = new AbortController();
    const slept = sleep(3_600_000, controller.signal);
    controller.abort();
    await expect(slept).resolves.toBeUndefined();
  });
});
