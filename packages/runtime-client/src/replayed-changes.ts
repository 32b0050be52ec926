import type { RuntimeRevisionEvent } from '@console/domain/runtime';

// What the stream said changed, kept until the revision it leads to is served: the console replays one
// change event per revision a client missed (Last-Event-ID), so a client that jumps from revision 4 to 7
// can tell its game server what each of 5, 6 and 7 changed. A reset event (the console does not know the
// client's revision) forgets everything: the next revision is served as "everything changed".

export interface ReplayedChanges {
  /** A change event of the stream. */
  told(event: RuntimeRevisionEvent): void;
  /** A reset event: nothing told before can be chained any more. */
  reset(): void;
  /**
   * The change events leading from `previous` to `served` (one per revision, in order, the last one
   * with the served hash), or null when one is missing; forgets the events up to `served`.
   */
  take(previous: number | null, served: { revision: number; hash: string }): RuntimeRevisionEvent[] | null;
}

export function createReplayedChanges(): ReplayedChanges {
  const byRevision = new Map<number, RuntimeRevisionEvent>();
  return {
    told(event) {
      if (event.everythingChanged || event.previousRevision !== event.revision - 1) return;
      byRevision.set(event.revision, event);
    },
    reset() {
      byRevision.clear();
    },
    take(previous, served) {
      let chain: RuntimeRevisionEvent[] | null = previous === null || previous >= served.revision ? null : [];
      for (
        let revision = (previous ?? served.revision) + 1;
        chain && revision <= served.revision;
        revision++
      ) {
        const event = byRevision.get(revision);
        if (event) chain.push(event);
        else chain = null;
      }
      if (chain && chain.at(-1)?.hash !== served.hash) chain = null;
      for (const revision of byRevision.keys()) if (revision <= served.revision) byRevision.delete(revision);
      return chain;
    },
  };
}
