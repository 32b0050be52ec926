import type { Db } from '../../db/client.ts';
import { type CatalogRow, listEnvironmentProtection } from './environment.store.ts';

/** How long the request path trusts what it read about environments before reading again. */
export const CATALOG_CACHE_MS = 5_000;

/**
 * Which environments are in use (archived ones are left out) and which are protected, for the rights check of every call and for
 * /api/auth/me, without a query per request: read at most every CATALOG_CACHE_MS (so a change made
 * by another process is seen within that), and at once after a change in this process (invalidate).
 */
export interface EnvironmentCatalog {
  /** The environments in use, without change requests' branches (never in lists or menus). */
  list(): Promise<CatalogRow[]>;
  /** Whether an environment is protected; one unknown to the cache is read again first. */
  isProtected(id: string): Promise<boolean>;
  /** Whether an environment requires review (change requests); one unknown to the cache is read again first. */
  requiresReview(id: string): Promise<boolean>;
  /** Whether an environment is in use (exists, not archived); one unknown to the cache is read again first. */
  has(id: string): Promise<boolean>;
  invalidate(): void;
}

export function createEnvironmentCatalog(db: Db, now: () => number): EnvironmentCatalog {
  let cached: { at: number; environments: CatalogRow[] } | undefined;
  let loading: { generation: number; promise: Promise<CatalogRow[]> } | undefined;
  let generation = 0;

  // One read at a time; a read started before a change is not reused after it.
  const load = () => {
    if (loading?.generation === generation) return loading.promise;
    const started = generation;
    const promise = listEnvironmentProtection(db).then((environments) => {
      if (started === generation) cached = { at: now(), environments };
      return environments;
    });
    loading = { generation: started, promise };
    const settle = () => {
      if (loading?.promise === promise) loading = undefined;
    };
    promise.then(settle, settle);
    return promise;
  };
  const listAll = async () => (cached && now() - cached.at < CATALOG_CACHE_MS ? cached.environments : load());

  const find = async (id: string) =>
    (await listAll()).find((environment) => environment.id === id) ??
    (await load()).find((environment) => environment.id === id);

  return {
    list: async () => (await listAll()).filter((environment) => environment.branchOf === null),
    async isProtected(id) {
      return (await find(id))?.isProtected ?? false;
    },
    async requiresReview(id) {
      return (await find(id))?.review.isRequired ?? false;
    },
    async has(id) {
      return (await find(id)) !== undefined;
    },
    invalidate() {
      generation += 1;
      cached = undefined;
    },
  };
}
