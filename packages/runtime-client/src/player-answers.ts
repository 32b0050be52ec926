import {
  checkResolveRequest,
  explanationOf,
  type PlayerReceipt,
  type ResolveAnswer,
  type RuntimeSnapshot,
  receiptOf,
  resolvePlayer,
  resolveReceipt,
} from '@console/domain/runtime';
import type { ClientEvents } from './client-events.ts';
import type { ResolveRequest } from './runtime-types.ts';

// resolve() of both clients: the domain's resolution over the snapshot being served, answered as
// POST /runtime/v1/resolve answers the same body (resolveReceipt, or explanationOf(resolvePlayer) when
// `explain` is true), and the exposures it made, told once per player and A/B-test per revision.

export const DEFAULT_EXPOSURE_CACHE_SIZE = 100_000;

export type Resolver = (snapshot: RuntimeSnapshot | null, request: ResolveRequest) => ResolveAnswer;

/** Each A/B-test's current version in a snapshot, found once per snapshot. */
const versionsBySnapshot = new WeakMap<RuntimeSnapshot, Map<string, number | null>>();
function versionsOf(snapshot: RuntimeSnapshot): Map<string, number | null> {
  let versions = versionsBySnapshot.get(snapshot);
  if (!versions) {
    versions = new Map(snapshot.content.abTests.map((test) => [test.id, test.version]));
    versionsBySnapshot.set(snapshot, versions);
  }
  return versions;
}

export function createResolver(events: ClientEvents, exposureCacheSize: number): Resolver {
  const told = createExposureMemory(exposureCacheSize);
  const tellExposures = (snapshot: RuntimeSnapshot, receipt: PlayerReceipt, at: number) => {
    const { revision } = snapshot;
    for (const plugin of receipt.plugins) {
      const { abTestId, caseIndex } = plugin;
      if (abTestId === null || caseIndex === null) continue;
      if (!told.isNew(revision, receipt.userId, abTestId)) continue;
      events.emit('exposure', {
        userId: receipt.userId,
        abTestId,
        version: versionsOf(snapshot).get(abTestId) ?? null,
        caseIndex,
        plugin: plugin.pluginName,
        revision,
        at,
      });
    }
  };
  return (snapshot, request) => {
    // The console's own check of the body first, as the console checks it before its revision
    // (ResolveInputError with the 400's message); resolvePlayer ignores `at` and `explain`.
    const player = checkResolveRequest(request);
    if (!snapshot) throw new Error('No runtime snapshot yet: await client.start() first');
    const at = player.at ?? Date.now();
    if (player.explain === true) {
      const resolution = resolvePlayer(snapshot.content, player, at);
      if (events.has('exposure')) tellExposures(snapshot, receiptOf(resolution), at);
      return explanationOf(resolution);
    }
    // the receipt without building the reasons: what a game server asks per player
    const receipt = resolveReceipt(snapshot.content, player, at);
    if (events.has('exposure')) tellExposures(snapshot, receipt, at);
    return receipt;
  };
}

/**
 * The (player, test) pairs already told in the current revision, forgetting the oldest beyond `size`, so
 * a server seeing millions of players keeps bounded memory; a forgotten pair is told again, which
 * analytics deduplicate anyway. The order of arrival is kept in a ring of `size` keys beside the Set:
 * taking the oldest from the Set's own iterator would walk past every entry deleted since the Set last
 * compacted itself, which made each new player cost up to `size` steps once the memory was full.
 */
function createExposureMemory(size: number) {
  let revision = -1;
  const seen = new Set<string>();
  const capacity = Math.max(1, size);
  const order: (string | undefined)[] = new Array(capacity);
  let next = 0;
  return {
    isNew(atRevision: number, userId: string, abTestId: string): boolean {
      if (atRevision !== revision) {
        revision = atRevision;
        seen.clear();
        order.fill(undefined);
        next = 0;
      }
      const key = `${abTestId}\u0000${userId}`;
      if (seen.has(key)) return false;
      const oldest = order[next];
      if (oldest !== undefined) seen.delete(oldest);
      order[next] = key;
      next = (next + 1) % capacity;
      seen.add(key);
      return true;
    },
  };
}
