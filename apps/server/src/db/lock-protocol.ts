import { Prisma } from '../generated/prisma/client.ts';
import type { Tx } from './client.ts';

// The lock protocol of changes that span features: a plugin's A/B-test entries and what they point at.
//
// The global order. A change that locks rows of several of these tables takes them in this order, each
// table's rows in id order, and writes plugin entries only after holding them, so two changes never
// wait for each other in a cycle:
//   1. configurations: FOR SHARE to rely on a configuration existing with its kind while entries are
//      made to point at it (a delete, and a save of what players are served, lock it FOR UPDATE and
//      then check its usage, so they run wholly before or after); FOR UPDATE to copy one and move the
//      entries serving it (the "Update is not allowed" flow);
//   2. A/B-tests: FOR SHARE to rely on one existing (a delete locks it FOR UPDATE, then checks usage);
//      FOR UPDATE to append or activate its versions;
//   3. plugins, FOR UPDATE: a plugin's entries (active set and draft) and revisions change only under
//      its row lock;
//   4. then the entries are written.
// Changes of one row (saving a configuration, an A/B-test's versions, a plugin's description) lock that
// row alone through its feature's store or here; one lock is always in order.

export type LockMode = 'share' | 'update';

/** The rows a change locks; absent classes lock nothing. */
export interface LockRequest {
  configurations?: { ids: readonly string[]; mode: LockMode };
  abTests?: { ids: readonly string[]; mode: LockMode };
  /** Always FOR UPDATE. */
  plugins?: readonly number[];
}

/** What lockInOrder locked: the rows that exist, each class in id order. */
export interface HeldLocks {
  /** With their kind (a plugin's entries may only choose configurations of its kind). */
  configurations: { id: string; kind: string }[];
  abTests: string[];
  plugins: number[];
}

const clause = (mode: LockMode) => Prisma.raw(mode === 'share' ? 'FOR SHARE' : 'FOR UPDATE');
const uniqueSorted = <T extends string | number>(ids: readonly T[]): T[] =>
  [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Locks the requested rows of the environment in the global order. Rows that do not exist are not locked. */
export async function lockInOrder(tx: Tx, environmentId: string, request: LockRequest): Promise<HeldLocks> {
  const held: HeldLocks = { configurations: [], abTests: [], plugins: [] };
  const configIds = uniqueSorted(request.configurations?.ids ?? []);
  if (request.configurations && configIds.length > 0) {
    held.configurations = await tx.$queryRaw<{ id: string; kind: string }[]>`
      SELECT "id", "kind" FROM "configuration"
       WHERE "environment_id" = ${environmentId} AND "id" = ANY(${configIds}::text[])
       ORDER BY "id" ${clause(request.configurations.mode)}`;
  }
  const abTestIds = uniqueSorted(request.abTests?.ids ?? []);
  if (request.abTests && abTestIds.length > 0) {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "ab_test"
       WHERE "environment_id" = ${environmentId} AND "id" = ANY(${abTestIds}::text[])
       ORDER BY "id" ${clause(request.abTests.mode)}`;
    held.abTests = rows.map((row) => row.id);
  }
  const pluginIds = uniqueSorted(request.plugins ?? []);
  if (pluginIds.length > 0) {
    const rows = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "plugin"
       WHERE "environment_id" = ${environmentId} AND "id" = ANY(${pluginIds}::int[])
       ORDER BY "id" FOR UPDATE`;
    held.plugins = rows.map((row) => row.id);
  }
  return held;
}

/**
 * Thrown when, under the locks a change took from what it first read, it finds it needs a lock it
 * does not hold (a concurrent change moved entries in between): the transaction is rolled back and
 * run again (retryWhileLockSetMoves).
 */
export class LockSetChanged extends Error {}

/** Throws LockSetChanged unless every needed id is among the locked ones. */
export function assertLocked<T>(locked: readonly T[], needed: readonly T[]): void {
  const held = new Set(locked);
  if (needed.some((id) => !held.has(id))) throw new LockSetChanged();
}

/** Throws LockSetChanged unless `taken` covers `needed`: every id, in a mode at least as strong. */
function assertCovers(taken: LockRequest, needed: LockRequest): void {
  for (const name of ['configurations', 'abTests'] as const) {
    const want = needed[name];
    if (!want || want.ids.length === 0) continue;
    const have = taken[name];
    if (!have || (want.mode === 'update' && have.mode === 'share')) throw new LockSetChanged();
    assertLocked(have.ids, want.ids);
  }
  assertLocked(taken.plugins ?? [], needed.plugins ?? []);
}

/** What a change reads to know its locks: the rows it needs, and what it read (used once locked). */
export interface LockNeeds<T> {
  locks: LockRequest;
  value: T;
}

/**
 * For a change whose locks depend on what it reads (which entries hold which A/B-tests and
 * configurations): reads without locks, takes the locks that read names in the global order, and
 * reads again under them. When the second read needs a lock the first did not name, the set moved in
 * between: LockSetChanged. Answers the second read and the locks held. A read may refuse the change
 * (a stale revision), either time.
 */
export async function lockStableSet<T>(
  tx: Tx,
  environmentId: string,
  read: () => Promise<LockNeeds<T>>,
): Promise<{ value: T; held: HeldLocks }> {
  const first = await read();
  const held = await lockInOrder(tx, environmentId, first.locks);
  const second = await read();
  assertCovers(first.locks, second.locks);
  return { value: second.value, held };
}

// Decision (docs/decisions/0228): a change whose lock set keeps moving is tried three times, then 409.
const LOCK_SET_ATTEMPTS = 3;

/**
 * Runs a change (its whole transaction) again when its lock set moved; after the last attempt the
 * change is refused with `giveUp()` (a 409 naming what kept changing). Other errors pass at once.
 */
export async function retryWhileLockSetMoves<T>(run: () => Promise<T>, giveUp: () => Error): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof LockSetChanged)) throw error;
      if (attempt >= LOCK_SET_ATTEMPTS) throw giveUp();
    }
  }
}
