import { DomainError } from '@console/domain';
import { describe, expect, it } from 'vitest';
import { assertLocked, LockSetChanged, withStableLockSet } from './plugin-details.access.ts';

describe('changes whose lock set moved', () => {
  it('asks for a rerun when a needed id is not locked', () => {
    expect(() => assertLocked(['a', 'b'], ['b', 'a'])).not.toThrow();
    expect(() => assertLocked(['a'], ['a', 'c'])).toThrow(LockSetChanged);
  });

  it('reruns the change, three times at most, then answers 409 naming the plugin', async () => {
    let runs = 0;
    const settled = await withStableLockSet(4, async () => {
      runs++;
      if (runs < 3) throw new LockSetChanged();
      return 'done';
    });
    expect([settled, runs]).toEqual(['done', 3]);

    runs = 0;
    const failing = withStableLockSet(4, async () => {
      runs++;
      throw new LockSetChanged();
    });
    await expect(failing).rejects.toThrow(
      new DomainError(
        'CONFLICT',
        'The A/B-test entries of DUEL kept changing while this change ran; try again',
      ),
    );
    expect(runs).toBe(3);
  });

  it('lets other errors through at once', async () => {
    let runs = 0;
    const failing = withStableLockSet(4, async () => {
      runs++;
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(runs).toBe(1);
  });
});
