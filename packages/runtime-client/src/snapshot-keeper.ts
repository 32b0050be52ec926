import type { RuntimeSnapshot } from '@console/domain/runtime';
import type { RevisionChange, RuntimeLogger } from './runtime-types.ts';
import { readSnapshotFile, writeSnapshotFile } from './snapshot-file.ts';

// The revision a client serves and where it came from: the console, or a bootstrap (the `bootstrap`
// option or the snapshot file) served until the console answers. Revisions from the console never go
// back (another console process may lag for a moment); the console's first answer always replaces a
// bootstrap, even an older revision, since the bootstrap may come from another environment or database.

export interface SnapshotKeeperOptions {
  logger: RuntimeLogger;
  snapshotFile: string | undefined;
  /** A new revision is served; `changes` is left for the client to fill in. */
  onApplied(change: Omit<RevisionChange, 'changes'>, previousSource: RevisionChange['source'] | null): void;
  onSaveFailed(error: unknown): void;
}

export interface SnapshotKeeper {
  readonly snapshot: RuntimeSnapshot | null;
  readonly source: RevisionChange['source'] | null;
  /** The ETag of the console's revision being served (null for a bootstrap). */
  readonly etag: string | null;
  /** Serves the bootstrap option, else the snapshot file's; answers whether there was one. */
  loadBootstrap(bootstrap: RuntimeSnapshot | undefined): Promise<boolean>;
  apply(next: RuntimeSnapshot, etag: string | null, source: RevisionChange['source']): void;
  /** Resolves once the last revision was written to the snapshot file. */
  saved(): Promise<void>;
}

export function createSnapshotKeeper(options: SnapshotKeeperOptions): SnapshotKeeper {
  const { logger, snapshotFile } = options;
  let snapshot: RuntimeSnapshot | null = null;
  let source: RevisionChange['source'] | null = null;
  let etag: string | null = null;
  let saving: Promise<void> = Promise.resolve();

  // Writes one after the other, so the file ends with the newest revision.
  const save = (next: RuntimeSnapshot) => {
    if (snapshotFile === undefined) return;
    saving = saving.then(() => writeSnapshotFile(snapshotFile, next)).catch(options.onSaveFailed);
  };

  const keeper: SnapshotKeeper = {
    get snapshot() {
      return snapshot;
    },
    get source() {
      return source;
    },
    get etag() {
      return etag;
    },
    async loadBootstrap(bootstrap) {
      let loaded = bootstrap ?? null;
      if (loaded === null && snapshotFile !== undefined) {
        try {
          loaded = await readSnapshotFile(snapshotFile);
        } catch (error) {
          logger.warn(`runtime client: ignored the snapshot file: ${(error as Error).message}`);
        }
      }
      if (loaded === null) return false;
      keeper.apply(loaded, null, 'bootstrap');
      return true;
    },
    apply(next, nextEtag, nextSource) {
      const previous = snapshot;
      const previousSource = source;
      const replacesBootstrap = nextSource === 'console' && source === 'bootstrap';
      if (previous && !replacesBootstrap && next.revision < previous.revision) {
        logger.warn(`runtime client: ignored revision ${next.revision}, older than ${previous.revision}`);
        return;
      }
      etag = nextEtag;
      const isSame = previous !== null && previous.revision === next.revision && previous.hash === next.hash;
      if (isSame && !replacesBootstrap) return;
      snapshot = next;
      source = nextSource;
      if (nextSource === 'console') save(next);
      // The console confirming the bootstrap's own revision changes nothing a player receives.
      if (isSame) return;
      if (previous && replacesBootstrap && previous.environment !== next.environment) {
        logger.warn(
          `runtime client: the bootstrap was environment '${previous.environment}', the key's is '${next.environment}'`,
        );
      }
      logger.info?.(`runtime client: serving revision ${next.revision} (${nextSource})`);
      options.onApplied(
        {
          snapshot: next,
          revision: next.revision,
          previousRevision: previous?.revision ?? null,
          source: nextSource,
        },
        previousSource,
      );
    },
    saved: () => saving,
  };
  return keeper;
}
