import type { Db } from '../../db/client.ts';
import { checkDatabase } from './health.store.ts';

/**
 * Whether the database answers, for the health checks: one round trip at a time (a probe asked for while
 * one is running shares it, so a stream of probes against a frozen database holds one connection, not
 * one each), each given up on after `timeoutMs`. When `probeEveryMs` is set it also asks by itself, so
 * liveness knows how long the database has been unreachable even when nobody calls /readyz.
 */
export interface DatabaseWatch {
  /** Asks the database; true when it answered within the limit. */
  check(): Promise<boolean>;
  /** How long the database has not answered, in ms; 0 when its last probe was answered. */
  unreachableForMs(): number;
  close(): void;
}

export function createDatabaseWatch(
  db: Db,
  options: { timeoutMs: number; probeEveryMs?: number; now?: () => number },
): DatabaseWatch {
  const now = options.now ?? Date.now;
  let answeredAt = now();
  let isReachable = true;
  let running: Promise<boolean> | undefined;

  const probe = (): Promise<boolean> => {
    running ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), options.timeoutMs);
      });
      const answered = checkDatabase(db).then(
        () => true,
        () => false,
      );
      try {
        const isAnswered = await Promise.race([answered, gaveUp]);
        isReachable = isAnswered;
        if (isAnswered) answeredAt = now();
        return isAnswered;
      } finally {
        clearTimeout(timer);
        // The round trip itself may still be waiting (bounded by the pool's own limits); the next probe
        // waits for it rather than piling up another.
        void answered.finally(() => {
          running = undefined;
        });
      }
    })();
    return running;
  };

  const interval = options.probeEveryMs ? setInterval(() => void probe(), options.probeEveryMs) : undefined;
  interval?.unref();

  return {
    check: probe,
    unreachableForMs: () => (isReachable ? 0 : now() - answeredAt),
    close: () => clearInterval(interval),
  };
}
