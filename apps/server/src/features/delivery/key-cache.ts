import { DomainError, ErrorCode } from '@console/domain/errors';
import type { Db } from '../../db/client.ts';
import {
  findRuntimeKeyCredential,
  listRuntimeKeyCredentials,
  type RuntimeKeyCredential,
} from '../runtime-keys/runtime-keys.public.ts';

/** What a request learns of the runtime key it presented. */
export interface RuntimeKeyEntry {
  keyId: string;
  environmentId: string;
  isRevoked: boolean;
  /** Its environment is archived: refused (403) until the environment is restored. */
  isEnvironmentArchived: boolean;
}

export interface RuntimeKeyCacheOptions {
  /** How long a hash that matched no key is answered 401 without asking the database again. */
  unknownTtlMs?: number;
  /** At most this many unknown hashes are remembered (oldest forgotten first). */
  unknownLimit?: number;
  /** Database look-ups of unknown hashes per second, on average (a token bucket), and at once. */
  lookupsPerSecond?: number;
  lookupBurst?: number;
  now?: () => number;
}

/**
 * The runtime API authenticates every request without the database. All keys (revoked ones
 * included) are loaded at start; a hash not seen yet (a key created since, in any process) is looked up
 * once; a hash that matches nothing is remembered for a while, and look-ups are rationed, so garbage
 * keys cannot hammer the database. Revocation reaches the cache at once: in this process through
 * markRevoked (the revoke mutation calls it after commit), in others through the `runtime_key` NOTIFY
 * (features/delivery/delivery.plugin.ts), and after a lost listener connection through reload().
 */
export class RuntimeKeyCache {
  private readonly byHash = new Map<string, RuntimeKeyEntry>();
  private readonly hashById = new Map<string, string>();
  /** Revocations seen by this process: a look-up already in flight must not store the key as usable. */
  private readonly revokedIds = new Set<string>();
  /**
   * Whether each environment is archived, as of the newest read or mark of it (reads and marks are
   * numbered as they start). A read answers what held when it started, so one started before a newer
   * read or mark (an archive committed meanwhile) must not undo what that one knows; unlike a revocation,
   * an archive can be undone (restored), so it is ordered rather than remembered.
   */
  private readonly archivedSince = new Map<string, { isArchived: boolean; since: number }>();
  private reads = 0;
  private readonly unknown = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<RuntimeKeyEntry | null>>();
  private readonly revokedListeners = new Set<(keyId: string) => void>();
  private readonly unknownTtlMs: number;
  private readonly unknownLimit: number;
  private readonly lookupsPerSecond: number;
  private readonly lookupBurst: number;
  private readonly now: () => number;
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly db: Db,
    options: RuntimeKeyCacheOptions = {},
  ) {
    this.unknownTtlMs = options.unknownTtlMs ?? 30_000;
    this.unknownLimit = options.unknownLimit ?? 10_000;
    this.lookupsPerSecond = options.lookupsPerSecond ?? 20;
    this.lookupBurst = options.lookupBurst ?? 50;
    this.now = options.now ?? Date.now;
    this.tokens = this.lookupBurst;
    this.refilledAt = this.now();
  }

  /**
   * The key with this hash: the entry, null when it is known to match no key, or a promise when the
   * database must be asked (once per hash, however many requests wait for it).
   */
  find(hash: string): RuntimeKeyEntry | null | Promise<RuntimeKeyEntry | null> {
    const entry = this.byHash.get(hash);
    if (entry) return entry;
    const unknownUntil = this.unknown.get(hash);
    if (unknownUntil !== undefined) {
      if (unknownUntil > this.now()) return null;
      this.unknown.delete(hash);
    }
    return this.inFlight.get(hash) ?? this.lookUp(hash);
  }

  private lookUp(hash: string): Promise<RuntimeKeyEntry | null> {
    if (!this.takeLookupToken()) {
      return Promise.reject(
        new DomainError(ErrorCode.TooManyRequests, 'Too many unknown runtime keys; try again shortly'),
      );
    }
    const since = ++this.reads;
    const lookup = findRuntimeKeyCredential(this.db, hash)
      .then((credential) => {
        if (credential) return this.remember(credential, since);
        this.rememberUnknown(hash);
        return null;
      })
      .catch((error: unknown) => {
        if (error instanceof DomainError) throw error;
        // The database is down: known keys keep working, a new one can be checked later.
        throw new DomainError(
          ErrorCode.Unavailable,
          'This runtime key cannot be checked now; try again shortly',
        );
      })
      .finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, lookup);
    return lookup;
  }

  private takeLookupToken(): boolean {
    const now = this.now();
    const refill = ((now - this.refilledAt) / 1000) * this.lookupsPerSecond;
    this.tokens = Math.min(this.lookupBurst, this.tokens + refill);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private rememberUnknown(hash: string): void {
    if (this.unknown.size >= this.unknownLimit) {
      this.unknown.delete(this.unknown.keys().next().value as string);
    }
    this.unknown.set(hash, this.now() + this.unknownTtlMs);
  }

  /** Stores the key as a read started as number `since` found it, unless something newer is known. */
  private remember(credential: RuntimeKeyCredential, since: number): RuntimeKeyEntry {
    const entry: RuntimeKeyEntry = {
      keyId: credential.id,
      environmentId: credential.environmentId,
      isRevoked: credential.isRevoked || this.revokedIds.has(credential.id),
      isEnvironmentArchived: this.archivedAsOf(
        credential.environmentId,
        credential.isEnvironmentArchived,
        since,
      ),
    };
    this.byHash.set(credential.hash, entry);
    this.hashById.set(credential.id, credential.hash);
    this.unknown.delete(credential.hash);
    return entry;
  }

  /** Whether the environment is archived: as the read numbered `since` found it, or as known since. */
  private archivedAsOf(environmentId: string, isArchived: boolean, since: number): boolean {
    const known = this.archivedSince.get(environmentId);
    if (known !== undefined && known.since > since) return known.isArchived;
    this.archivedSince.set(environmentId, { isArchived, since });
    return isArchived;
  }

  /** Loads every key (start, and catching up after the listener's connection was lost). */
  async reload(): Promise<void> {
    const since = ++this.reads;
    for (const credential of await listRuntimeKeyCredentials(this.db)) {
      const before = this.byHash.get(credential.hash);
      const entry = this.remember(credential, since);
      if (before?.isRevoked === false && entry.isRevoked) this.announceRevoked(entry.keyId);
      else if (before?.isEnvironmentArchived === false && entry.isEnvironmentArchived) {
        this.announceStopped(entry.keyId);
      }
    }
  }

  /**
   * The environment was archived (its keys are refused from now on, and what was opened with them is
   * let go) or restored (they work again). The archiving process calls it after commit; others reload
   * on the archive's NOTIFY.
   */
  markEnvironmentArchived(environmentId: string, isArchived: boolean): void {
    // Newer than any read started before it, which may have read the environment as it was
    this.archivedSince.set(environmentId, { isArchived, since: ++this.reads });
    for (const entry of this.byHash.values()) {
      if (entry.environmentId !== environmentId || entry.isEnvironmentArchived === isArchived) continue;
      entry.isEnvironmentArchived = isArchived;
      if (isArchived) this.announceStopped(entry.keyId);
    }
  }

  /** The key is revoked: refused from now on, and whoever holds something opened with it lets go. */
  markRevoked(keyId: string): void {
    if (this.revokedIds.has(keyId)) return;
    this.revokedIds.add(keyId);
    const hash = this.hashById.get(keyId);
    const entry = hash === undefined ? undefined : this.byHash.get(hash);
    if (entry) entry.isRevoked = true;
    this.announceRevoked(keyId);
  }

  /** Called with the key's id when a key is revoked or its environment archived (open streams close). */
  onRevoked(listener: (keyId: string) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  private announceRevoked(keyId: string): void {
    this.revokedIds.add(keyId);
    this.announceStopped(keyId);
  }

  private announceStopped(keyId: string): void {
    for (const listener of this.revokedListeners) listener(keyId);
  }
}
