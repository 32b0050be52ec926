import pg from 'pg';
import { isDatabaseUnavailableError } from './unavailable.ts';

// With the database down, a call answers 503 within 2 s, and a busy but healthy database
// never answers 503. pg-pool counts opening a connection and waiting for a busy pool's free one
// against one limit, which cannot serve both: a limit short enough for an outage fails calls queued
// under load. So opening a connection has its own short limit, waiting for a free one a long one,
// and once opening failed, calls that would have to open one fail at once for a moment instead of
// queueing behind attempts that are failing too.

/** Opening one connection gives up after this long: a reachable database answers in milliseconds. */
export const DB_CONNECT_TIMEOUT_MS = 1_000;
/** Waiting for a free connection of a busy pool gives up after this long (as Prisma's maxWait). */
export const DB_POOL_WAIT_MS = 10_000;
/** After opening a connection failed, calls that need a new one fail at once for this long. */
export const DB_RETRY_AFTER_MS = 250;

/** pg-pool's message when the wait for a free connection ran out: a busy pool, not a lost database. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/** Each connection of the pool with the short limit for opening it (pg-pool gives it the long one). */
class ConnectingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    });
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool that fails fast while the database is unreachable: when opening a connection fails, every
 * call waiting for a connection gets that error at once, and for DB_RETRY_AFTER_MS new calls that
 * find no idle connection do too; then connecting is tried again, so the pool recovers by itself.
 */
class FailFastPool extends pg.Pool {
  #failingUntil = 0;
  #failure: Error | undefined;
  readonly #waiting = new Set<(error: Error) => void>();

  // pg-pool's query() calls connect with a callback; the driver adapter awaits its promise.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const acquired = this.#acquire();
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }

  #acquire(): Promise<pg.PoolClient> {
    if (this.#failure && Date.now() < this.#failingUntil && this.idleCount === 0) {
      return Promise.reject(this.#failure);
    }
    return new Promise((resolve, reject) => {
      let isSettled = false;
      const fail = (error: Error) => {
        if (isSettled) return;
        isSettled = true;
        this.#waiting.delete(fail);
        reject(error);
      };
      this.#waiting.add(fail);
      super.connect().then(
        (client) => {
          this.#failure = undefined;
          if (isSettled) {
            client.release();
            return;
          }
          isSettled = true;
          this.#waiting.delete(fail);
          resolve(client);
        },
        (error: Error) => {
          if (error.message !== POOL_WAIT_TIMEOUT && isDatabaseUnavailableError(error)) this.#failAll(error);
          fail(error);
        },
      );
    });
  }

  #failAll(error: Error) {
    this.#failure = error;
    this.#failingUntil = Date.now() + DB_RETRY_AFTER_MS;
    for (const fail of [...this.#waiting]) fail(error);
  }
}

export function createPool(databaseUrl: string, size: number): pg.Pool {
  return new FailFastPool({
    connectionString: databaseUrl,
    max: size,
    Client: ConnectingClient,
    connectionTimeoutMillis: DB_POOL_WAIT_MS,
    // TCP keepalive finds idle connections to a host that vanished, so they are dropped instead of
    // being handed to the next query.
    keepAlive: true,
  });
}
