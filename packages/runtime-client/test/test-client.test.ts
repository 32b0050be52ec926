import { changedParts, receiptOf, resolvePlayer } from '@console/domain/runtime';
import { describe, expect, it } from 'vitest';
import {
  createTestRuntimeClient,
  type Exposure,
  type RevisionChange,
  type RuntimeApiError,
} from '../src/index.ts';
import { makeSnapshot, RUNNING_AT } from './snapshots.ts';

// The in-memory client a game server's unit tests use: the same interface and the same resolution as
// the client that talks to the console, over a snapshot the test gives.

describe('createTestRuntimeClient', () => {
  const snapshot = makeSnapshot();
  const player = { userId: 'player-1', context: { Platform: 'ios' }, level: 5, at: RUNNING_AT };

  it('resolves as the console does, from the snapshot it was given', async () => {
    const client = createTestRuntimeClient({ snapshot });
    expect(await client.start()).toEqual(snapshot);
    expect(client.revision).toBe(7);
    const receipt = client.resolve(player);
    expect(receipt).toEqual(receiptOf(resolvePlayer(snapshot.content, player, RUNNING_AT)));
    expect(receipt.plugins.map((plugin) => plugin.outcome)).toEqual([
      'configuration',
      'configuration',
      'configuration',
    ]);
    expect(client.resolve({ ...player, explain: true }).kind).toBe('explanation');
  });

  it('takes the snapshot as JSON text, also as GET /runtime/v1/snapshot answers it, and names a wrong one', () => {
    const fromText = createTestRuntimeClient({ snapshot: JSON.stringify({ payload: snapshot }) });
    expect(fromText.snapshot).toEqual(snapshot);
    expect(() => createTestRuntimeClient({ snapshot: '{"revision": 0}' })).toThrow(
      /^the snapshot is not a runtime snapshot \(environment: /,
    );
    expect(() => createTestRuntimeClient({ snapshot: 'not json' })).toThrow('the snapshot is not JSON');
  });

  it('publishes revisions as the stream would, and tells exposures once per player and test per revision', () => {
    const exposures: Exposure[] = [];
    const changes: RevisionChange[] = [];
    const client = createTestRuntimeClient({ snapshot, onExposure: (exposure) => exposures.push(exposure) });
    client.on('revision', (change) => changes.push(change));
    client.resolve(player);
    client.resolve(player);
    expect(exposures).toEqual(
      client.resolve(player).plugins.map((plugin) => ({
        userId: 'player-1',
        abTestId: plugin.abTestId,
        version: client.snapshot!.content.abTests.find((test) => test.id === plugin.abTestId)!.version,
        caseIndex: plugin.caseIndex,
        plugin: plugin.pluginName,
        revision: 7,
        at: expect.any(Number),
      })),
    );
    client.publish(makeSnapshot(8));
    expect(changes).toEqual([
      {
        snapshot: client.snapshot,
        revision: 8,
        previousRevision: 7,
        source: 'console',
        changes: [
          {
            revision: 8,
            hash: client.snapshot!.hash,
            previousRevision: 7,
            changed: changedParts(makeSnapshot(7).content, client.snapshot!.content),
            everythingChanged: false,
          },
        ],
      },
    ]);
    client.resolve(player);
    expect(exposures.map((exposure) => exposure.revision)).toEqual([7, 7, 7, 8, 8, 8]);
    expect(client.appliedRevisions).toEqual([8]);
  });

  it('forgets the oldest exposures beyond its cache size, and tells them again', () => {
    const exposures: Exposure[] = [];
    const client = createTestRuntimeClient({
      snapshot,
      exposureCacheSize: 3,
      onExposure: (exposure) => exposures.push(exposure),
    });
    client.resolve({ ...player, userId: 'a' }); // 3 pairs: a × 3 tests
    client.resolve({ ...player, userId: 'b' }); // 3 more: a's are forgotten
    client.resolve({ ...player, userId: 'b' });
    client.resolve({ ...player, userId: 'a' });
    expect(exposures.map((exposure) => exposure.userId)).toEqual([
      'a',
      'a',
      'a',
      'b',
      'b',
      'b',
      'a',
      'a',
      'a',
    ]);
  });

  it('keeps grants and progression in memory: each grant is collected once', async () => {
    const client = createTestRuntimeClient({
      snapshot,
      grants: { 'player-1': [{ item: 'Coin', amount: 10, created: '2026-03-10T10:00:00.000Z' }] },
      progression: { 'player-1': { level: 3, eoc: 0, streak: 2 } },
    });
    const [grant] = await client.grants.pending('player-1');
    expect(grant).toMatchObject({ item: 'Coin', amount: 10 });
    expect(await client.grants.ack([grant!.id])).toEqual({ collected: [grant!.id] });
    expect(await client.grants.ack([grant!.id])).toEqual({ collected: [] });
    expect(await client.grants.pending('player-1')).toEqual([]);
    expect(await client.progression('player-1')).toEqual({ level: 3, eoc: 0, streak: 2 });
    expect(await client.progression('someone-else')).toBeNull();
  });

  it('acts out a revoked key: error then stopped, calls refused, the snapshot still served', async () => {
    const client = createTestRuntimeClient({ snapshot });
    const seen: string[] = [];
    client.on('error', (error) => seen.push(`error ${error.status}`));
    client.on('stopped', (error) => seen.push(`stopped ${error.status}`));
    client.revokeKey();
    expect(seen).toEqual(['error 401', 'stopped 401']);
    expect(client.stoppedBy?.isKeyRefused).toBe(true);
    await expect(client.grants.pending('player-1')).rejects.toSatisfy(
      (error: RuntimeApiError) => error === client.stoppedBy,
    );
    expect(client.resolve(player).kind).toBe('receipt');
  });
});
