import type pg from 'pg';
import PgBoss from 'pg-boss';
import { completeJobs, failJobsById } from 'pg-boss/src/plans.js';
import type { Tx } from '../db/client.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';

// The console's one job queue, on pg-boss 10 in PostgreSQL (docs/decisions/0375): a job is a row of
// the pgboss schema, so it survives restarts, any replica may run it, and each run is taken by one
// worker (FOR UPDATE SKIP LOCKED). A job sent in a unit of work's transaction is inserted by that
// transaction: a rolled-back change enqueues nothing and a committed one is never lost.

/** The schema migration 20261204000000_job_queue creates (pg-boss creates nothing at start). */
export const JOB_QUEUE_SCHEMA = 'pgboss';
/** How often an idle worker looks for due jobs: pg-boss's minimum; a job sent here wakes it at once. */
export const JOB_POLLING_INTERVAL_SECONDS = 0.5;
/** A start that failed (the database unreachable) is tried again after this long; the app serves meanwhile. */
const START_RETRY_MS = 5_000;

/** How a queue retries a job whose handler threw (pg-boss's queue options). */
export interface JobOptions {
  /** Retries after the first run (pg-boss's default 2). */
  retryLimit?: number;
  /** Seconds before a retry; with retryBackoff, the first of a doubling delay. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A run still active after this long is taken for dead and retried (default 15 minutes). */
  expireInSeconds?: number;
  /** `singleton`: at most one job per singletonKey runs at a time. */
  policy?: 'standard' | 'singleton';
}

/** One job as its handler receives it. */
export interface Job<T> {
  id: string;
  data: T;
  /** 0 on the first run, then 1, 2, ... on the retries. */
  retryCount: number;
  singletonKey: string | null;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface SendOptions {
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  singletonKey?: string;
}

/** A job's state as pg-boss keeps it (completed and failed ones too, until they are archived). */
export interface JobRecord {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  data: unknown;
  /** What the handler returned, or the error it threw ({message, stack, ...}). */
  output: unknown;
  startAfter: Date;
  completedOn: Date | null;
}

interface Definition {
  handler: JobHandler<unknown>;
  options: JobOptions;
  /** Its queue created and, when this process runs workers, worked. */
  prepared?: Promise<void>;
  workerId?: string;
}

export interface JobQueueOptions {
  /** Where pg-boss runs its statements: the app's pool (it opens none of its own). */
  pool: pg.Pool;
  /** Whether this process runs workers (JOB_WORKERS); a serving-only replica only sends. */
  runsWorkers: boolean;
  /** How long stopping waits for jobs in progress before it records them as failed (to be retried). */
  stopTimeoutMs: number;
  /** Where failures go: a handler's error, a statement that failed. */
  onError: (error: unknown, context: { queue?: string; jobId?: string }) => void;
}

/**
 * pg-boss's parameters as PostgreSQL reads them through Prisma's raw query: pg-boss passes JSON data as
 * objects and leaves the rest to node-postgres's conversions, which Prisma's raw parameters do not make.
 */
function toSqlValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** Runs pg-boss's statements in a unit of work's transaction (db/unit-of-work.ts). */
function transactionDb(tx: Tx): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => ({
      rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values.map(toSqlValue)),
    }),
  };
}

export class JobQueue {
  readonly #options: JobQueueOptions;
  readonly #db: PgBoss.Db;
  /** Sends, creates queues and reads jobs; never started (pg-boss needs no start for those). */
  readonly #sender: PgBoss;
  /** Runs the workers once started; a new one per attempt, since a pg-boss whose start failed stays stuck. */
  #workers: PgBoss | undefined;
  readonly #definitions = new Map<string, Definition>();
  #starting: Promise<void> | undefined;
  #isStarted = false;
  #isStopped = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(options: JobQueueOptions) {
    this.#options = options;
    const { pool, onError } = options;
    // pg-boss records a run's outcome (complete, fail) without awaiting it: a failure there (the database
    // gone) would be an unhandled rejection, which ends the process. Those two statements therefore never
    // reject: the failure is reported, and the run stays active until it expires and is retried.
    const outcomeStatements = new Set([completeJobs(JOB_QUEUE_SCHEMA), failJobsById(JOB_QUEUE_SCHEMA)]);
    this.#db = {
      executeSql: async (text, values) => {
        try {
          return await pool.query(text, values);
        } catch (error) {
          if (!outcomeStatements.has(text)) throw error;
          onError(error, {});
          return { rows: [{ count: '0' }] };
        }
      },
    };
    this.#sender = this.#createBoss({ supervise: false });
  }

  #createBoss({ supervise }: { supervise: boolean }): PgBoss {
    const boss = new PgBoss({
      db: this.#db,
      schema: JOB_QUEUE_SCHEMA,
      // The schema is the migration's: starting only checks its version.
      migrate: false,
      // No cron schedules: jobs are sent with a time (startAfter).
      schedule: false,
      // Expiring runs that stopped and archiving old jobs, in the processes that run workers.
      supervise,
    });
    boss.on('error', (error) => this.#options.onError(error, {}));
    return boss;
  }

  /**
   * Declares a queue and what runs its jobs. Before start, or after: the queue is then created and, when
   * this process runs workers, worked at once.
   */
  async define<T>(name: string, handler: JobHandler<T>, options: JobOptions = {}): Promise<void> {
    if (this.#definitions.has(name)) throw new Error(`The job ${name} is defined twice`);
    const definition: Definition = { handler: handler as JobHandler<unknown>, options };
    this.#definitions.set(name, definition);
    if (!this.#starting) return;
    await this.#starting;
    if (this.#isStarted) await this.#prepare(name, definition);
  }

  /**
   * Enqueues a job in the transaction of a unit of work (or a bare transaction): it exists once the
   * transaction commits, never after a rollback. Given the unit of work, this process's worker looks for
   * it as soon as it committed. Answers the job's id.
   */
  async sendInTransaction<T extends object>(
    unit: Pick<UnitOfWork, 'tx' | 'afterCommit'> | Tx,
    name: string,
    data: T,
    options: SendOptions = {},
  ): Promise<string> {
    const tx = 'afterCommit' in unit ? unit.tx : unit;
    const id = await this.#send(name, data, { ...options, db: transactionDb(tx) });
    if ('afterCommit' in unit) unit.afterCommit(() => this.wake(name));
    return id;
  }

  /** Enqueues a job outside a transaction (it exists when this answers). */
  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string> {
    const id = await this.#send(name, data, options);
    this.wake(name);
    return id;
  }

  /** Looks for due jobs of the queue now rather than at the next poll (after a commit that sent one). */
  wake(name: string): void {
    const workerId = this.#definitions.get(name)?.workerId;
    if (workerId) this.#workers?.notifyWorker(workerId);
  }

  /** A job as pg-boss keeps it, or null once it was archived and deleted. */
  async getJob(name: string, id: string): Promise<JobRecord | null> {
    const job = await this.#sender.getJobById(name, id, { includeArchive: true });
    if (!job) return null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      retryCount: job.retryCount,
      data: job.data,
      output: job.output ?? null,
      startAfter: job.startAfter,
      completedOn: job.completedOn,
    };
  }

  /**
   * When the app is ready: creates the defined queues and, when this process runs workers, works them.
   * Never rejects: a failed start is reported and tried again every START_RETRY_MS until it works or the
   * queue stops, so a database that is down for a moment does not keep the app from serving.
   */
  start(): Promise<void> {
    this.#starting ??= this.#tryStart();
    return this.#starting;
  }

  async #tryStart(): Promise<void> {
    try {
      if (this.#options.runsWorkers) {
        const workers = this.#createBoss({ supervise: true });
        this.#workers = workers;
        await workers.start();
      }
      this.#isStarted = true;
      for (const [name, definition] of this.#definitions) await this.#prepare(name, definition);
    } catch (error) {
      this.#options.onError(error, {});
      this.#isStarted = false;
      for (const definition of this.#definitions.values()) definition.prepared = undefined;
      const failed = this.#workers;
      this.#workers = undefined;
      await failed?.stop({ graceful: false, close: false }).catch(() => {});
      if (this.#isStopped) return;
      this.#retry = setTimeout(() => {
        this.#starting = this.#tryStart();
      }, START_RETRY_MS);
      this.#retry.unref();
    }
  }

  /** Before the database closes: workers stop taking jobs and those in progress get stopTimeoutMs. */
  async stop(): Promise<void> {
    if (this.#isStopped) return;
    this.#isStopped = true;
    clearTimeout(this.#retry);
    await this.#starting;
    await this.#workers?.stop({
      graceful: true,
      wait: true,
      close: false,
      timeout: this.#options.stopTimeoutMs,
    });
  }

  async #send(
    name: string,
    data: object,
    { startAfter, singletonKey, db }: SendOptions & { db?: PgBoss.Db },
  ): Promise<string> {
    if (!this.#definitions.has(name)) throw new Error(`No job ${name} is defined`);
    const id = await this.#sender.send(name, data, {
      ...(startAfter === undefined ? {} : { startAfter }),
      ...(singletonKey === undefined ? {} : { singletonKey }),
      ...(db ? { db } : {}),
    });
    // A singleton key of a queue that dedupes may refuse the job; none of ours does yet.
    if (id === null) throw new Error(`The job ${name} was not enqueued`);
    return id;
  }

  /** Creates the queue (idempotent; its options follow the code) and works it when this process does. */
  #prepare(name: string, definition: Definition): Promise<void> {
    definition.prepared ??= (async () => {
      const { policy = 'standard', ...retry } = definition.options;
      const queue = { name, policy, ...retry };
      await this.#sender.createQueue(name, queue);
      await this.#sender.updateQueue(name, queue);
      const workers = this.#workers;
      if (!workers || this.#isStopped) return;
      definition.workerId = await workers.work<unknown>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: JOB_POLLING_INTERVAL_SECONDS },
        async ([job]) => {
          if (!job) return;
          try {
            await definition.handler({
              id: job.id,
              data: job.data,
              retryCount: job.retryCount,
              singletonKey: job.singletonKey,
            });
          } catch (error) {
            this.#options.onError(error, { queue: name, jobId: job.id });
            // pg-boss records the failure and retries the job as its queue says.
            throw error;
          } finally {
            // A worker that found a job looks for the next at once rather than after a polling interval.
            if (definition.workerId) workers.notifyWorker(definition.workerId);
          }
        },
      );
    })();
    return definition.prepared;
  }
}
