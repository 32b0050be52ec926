import { describe, expect, it, vi } from 'vitest';
import { watchFor } from './patient-clock.ts';

/** Keeps the event loop busy, as a long garbage collection or a burst of work does. */
const stall = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
};

describe('the patient clock', () => {
  it('counts a stall of the event loop as one short tick, then runs on', async () => {
    let hasExpired = false;
    watchFor(300, () => {
      hasExpired = true;
    });
    stall(1_000);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(hasExpired).toBe(false);
    await vi.waitFor(() => expect(hasExpired).toBe(true), { timeout: 10_000 });
  });

  it('never calls a cancelled watch', async () => {
    let hasExpired = false;
    const cancel = watchFor(50, () => {
      hasExpired = true;
    });
    cancel();
    let other = false;
    watchFor(100, () => {
      other = true;
    });
    await vi.waitFor(() => expect(other).toBe(true), { timeout: 10_000 });
    expect(hasExpired).toBe(false);
  });
});
