import pg from 'pg';
import { watchFor } from './patient-clock.ts';
import { isDatabaseUnavailableError } from './unavailable.ts';

// Every wait on the database is bounded, so a database that stops answering (a stalled disk, a
// failover, a frozen server: it still accepts TCP connections but answers nothing) turns calls into a
// 503 within seconds instead of a hang.
// - Opening a connection: its own short limit (connectTimeoutMs). pg-pool counts opening a connection
//   and waiting for a busy pool's free one against one limit, which cannot serve both: a limit short
//   enough for an outage fails calls queued under load. So waiting for a free one has a long limit of its
//   own, and once opening failed, calls that would have to open one fail at once for a moment instead of
//   queueing behind attempts that are failing too.
// - A statement: PostgreSQL cancels it after statementTimeoutMs (statement_timeout), and a session left
//   idle inside a transaction is ended after the transaction limit (idle_in_transaction_session_timeout).
// - An answer: a server that is frozen cancels nothing, so the client also gives up when no answer came
//   ANSWER_MARGIN_MS after the statement limit, and closes that connection (its state is unknown).

export interface DatabaseLimits {
  /** Opening one connection gives up after this long: a reachable database answers in milliseconds. */
  connectTimeoutMs: number;
  /** One statement may run this long (PostgreSQL's statement_timeout). */
  statementTimeoutMs: number;
  /** One transaction may last this long, from its start to its commit (db/transaction.ts). */
  transactionTimeoutMs: number;
}

/** The limits when the configuration says nothing (settings.ts: the DATABASE_*_TIMEOUT_SECONDS variables). */
export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  connectTimeoutMs: 1_000,
  statementTimeoutMs: 5_000,
  transactionTimeoutMs: 15_000,
};

/** Opening one connection gives up after this long by default. */
export const DB_CONNECT_TIMEOUT_MS = DEFAULT_DATABASE_LIMITS.connectTimeoutMs;
/** Waiting for a free connection of a busy pool gives up after this long (as Prisma's maxWait). */
export const DB_POOL_WAIT_MS = 10_000;
/** After opening a connection failed, calls that need a new one fail at once for this long. */
export const DB_RETRY_AFTER_MS = 250;
/** How much longer than the statement limit the client waits for an answer before closing the connection. */
export const ANSWER_MARGIN_MS = 1_000;

/** pg-pool's message when the wait for a free connection ran out: a busy pool, not a lost database. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/** The message of the error a connection ends with when the database did not answer in time. */
export const NO_ANSWER_MESSAGE = 'Connection terminated: the database did not answer in time';

type Settings = Pick<DatabaseLimits, 'connectTimeoutMs' | 'statementTimeoutMs' | 'transactionTimeoutMs'>;

/** pg's own message when opening a connection ran out of time. */
const CONNECT_TIMEOUT_MESSAGE = 'timeout expired';

/**
 * Calls `giveUp` when `ms` passed on the patient clock (db/patient-clock.ts) and, after the socket
 * reads that were pending got their turn (setImmediate runs after them), `isDone` still says no.
 */
function giveUpAfter(ms: number, isDone: () => boolean, giveUp: () => void): () => void {
  return watchFor(ms, () =>
    setImmediate(() => {
      if (!isDone()) giveUp();
    }),
  );
}

/**
 * A connection with the limits above: a short limit for opening it (pg-pool gives it the long one),
 * the server-side limits as session settings, and a watchdog per query that closes the connection
 * when no answer came in time (every query waiting on it then fails with NO_ANSWER_MESSAGE, and the
 * pool drops it). Both limits are measured on the patient clock, so a stall of this process is not
 * taken for a database that does not answer.
 */
function connectingClientOf(limits: Settings, onNoAnswer: () => void): typeof pg.Client {
  const answerTimeoutMs = limits.statementTimeoutMs + ANSWER_MARGIN_MS;
  return class ConnectingClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({
        ...(typeof config === 'string' ? { connectionString: config } : config),
        // pg's own limit stays as a backstop; the patient one below is the one that counts.
        connectionTimeoutMillis: limits.connectTimeoutMs * 10,
        statement_timeout: limits.statementTimeoutMs,
        idle_in_transaction_session_timeout: limits.transactionTimeoutMs,
      });
      // A connection that breaks is reported as an 'error' event, which ends the process when nobody
      // listens, and pg-pool listens only while the connection is idle: not while it opens, nor while it
      // is checked out (between a caller's statements, or in the moment a released connection is handed
      // to the next caller, when PostgreSQL's last words arrive with the answer before it). Nothing is
      // lost by listening for its whole life: the statement running then fails with the error, a later
      // one with "not queryable", and pg-pool drops the connection when it is released.
      this.on('error', () => {});
    }

    // biome-ignore lint/suspicious/noExplicitAny: pg's callback overloads, forwarded unchanged.
    override connect(callback?: (...results: any[]) => void): any {
      let isDone = false;
      const cancel = giveUpAfter(
        limits.connectTimeoutMs,
        () => isDone,
        () => streamOf(this)?.destroy(new Error(CONNECT_TIMEOUT_MESSAGE)),
      );
      const done = () => {
        isDone = true;
        cancel();
      };
      if (callback) {
        return super.connect((...results: unknown[]) => {
          done();
          callback(...results);
        });
      }
      return super.connect().finally(done);
    }

    // pg's query() has many overloads (promise, callback, submittable); the watchdog wraps them all.
    // biome-ignore lint/suspicious/noExplicitAny: forwarding pg's overloaded arguments unchanged.
    override query(...args: any[]): any {
      let isAnswered = false;
      const cancel = giveUpAfter(
        answerTimeoutMs,
        () => isAnswered,
        () => {
          onNoAnswer();
          streamOf(this)?.destroy(new Error(NO_ANSWER_MESSAGE));
        },
      );
      const answered = () => {
        isAnswered = true;
        cancel();
      };
      const send = super.query as (...forwarded: unknown[]) => unknown;
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...results: unknown[]) => void;
        args[last] = (...results: unknown[]) => {
          answered();
          callback(...results);
        };
        return send.apply(this, args);
      }
      const result = send.apply(this, args);
      if (result instanceof Promise) {
        result.then(answered, answered);
      } else if (result && typeof (result as NodeJS.EventEmitter).once === 'function') {
        (result as NodeJS.EventEmitter).once('end', answered).once('error', answered);
      } else {
        answered();
      }
      return result;
    }
  };
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
          if (error.message !== POOL_WAIT_TIMEOUT && isDatabaseUnavailableError(error)) this.failAll(error);
          fail(error);
        },
      );
    });
  }

  failAll(error: Error) {
    this.#failure = error;
    this.#failingUntil = Date.now() + DB_RETRY_AFTER_MS;
    for (const fail of [...this.#waiting]) fail(error);
  }

  /**
   * A connection got no answer in time: the database is most likely frozen for every connection, so the
   * idle ones are closed too (the next call opens a fresh one, which fails fast while the database is
   * frozen) and the calls waiting for a connection fail at once. pg-pool has no public way to reach its
   * idle connections; closing them makes it drop them (and report the error, which the adapter logs).
   */
  abandon(error: Error) {
    const idle = (this as unknown as { _idle?: { client: pg.Client }[] })._idle ?? [];
    for (const { client } of idle) streamOf(client)?.destroy(error);
    this.failAll(error);
  }
}

const streamOf = (client: pg.Client) =>
  (client as unknown as { connection?: { stream?: { destroy(error?: Error): void } } }).connection?.stream;

export function createPool(
  databaseUrl: string,
  size: number,
  limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS,
): pg.Pool {
  // A database that answered nothing in time on one connection is most likely frozen for all: the calls
  // waiting for a connection fail at once, as when opening one fails.
  let pool: FailFastPool | undefined;
  pool = new FailFastPool({
    connectionString: databaseUrl,
    max: size,
    Client: connectingClientOf(limits, () => pool?.abandon(new Error(NO_ANSWER_MESSAGE))),
    connectionTimeoutMillis: DB_POOL_WAIT_MS,
    // TCP keepalive finds idle connections to a host that vanished, so they are dropped instead of
    // being handed to the next query.
    keepAlive: true,
  });
  // A connection that broke while idle is dropped by pg-pool, which then reports it as an error event;
  // the adapter listens only once Prisma connected, so an early one must not crash the process.
  pool.on('error', () => {});
  return pool;
}
