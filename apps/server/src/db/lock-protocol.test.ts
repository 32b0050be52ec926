import { conflict, DomainError } from '@console/domain/errors';
import { PLUGIN_MESSAGES } from '@console/domain/plugin';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  assertLocked,
  type LockRequest,
  LockSetChanged,
  lockInOrder,
  lockStableSet,
  retryWhileLockSetMoves,
} from './lock-protocol.ts';
import { runInTransaction } from './transaction.ts';

const withStableLockSet = <T>(pluginId: number, change: () => Promise<T>) =>
  retryWhileLockSetMoves(change, () => conflict(PLUGIN_MESSAGES.entriesChangedMeanwhile(pluginId)));

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

describe('the lock protocol over the database', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    const created = await t.post(
      '/api/abtest/create',
      { id: 'locked-test', description: 'x', type: 0 },
      cookie,
    );
    expect(created.statusCode).toBe(200);
  });

  it('locks the rows that exist, in id order, and answers them', async () => {
    const held = await runInTransaction(t.app.db, (tx) =>
      lockInOrder(tx, 'dev', {
        configurations: { ids: ['no-such-configuration'], mode: 'share' },
        abTests: { ids: ['no-such-test', 'locked-test', 'locked-test'], mode: 'update' },
        plugins: [8, 4, 4, 9999],
      }),
    );
    expect(held).toEqual({ configurations: [], abTests: ['locked-test'], plugins: [4, 8] });
  });

  it('answers the read made under the locks when it needs no more than the first read named', async () => {
    const reads: LockRequest[] = [
      { abTests: { ids: ['locked-test', 'other'], mode: 'update' }, plugins: [4, 8] },
      { abTests: { ids: ['locked-test'], mode: 'share' }, plugins: [8] },
    ];
    let read = 0;
    const answer = await runInTransaction(t.app.db, (tx) =>
      lockStableSet(tx, 'dev', async () => ({ value: read, locks: reads[read++]! })),
    );
    expect(answer).toEqual({
      value: 1,
      held: { configurations: [], abTests: ['locked-test'], plugins: [4, 8] },
    });
  });

  it('refuses to go on when the read under the locks needs a row, or a mode, the first did not name', async () => {
    const moved = async (first: LockRequest, second: LockRequest) => {
      const reads = [first, second];
      let read = 0;
      return runInTransaction(t.app.db, (tx) =>
        lockStableSet(tx, 'dev', async () => ({ value: null, locks: reads[read++]! })),
      );
    };
    await expect(moved({ plugins: [4] }, { plugins: [4, 8] })).rejects.toThrow(LockSetChanged);
    await expect(
      moved(
        { abTests: { ids: ['locked-test'], mode: 'share' } },
        { abTests: { ids: ['locked-test'], mode: 'update' } },
      ),
    ).rejects.toThrow(LockSetChanged);
    await expect(moved({}, { configurations: { ids: ['another'], mode: 'share' } })).rejects.toThrow(
      LockSetChanged,
    );
  });
});
