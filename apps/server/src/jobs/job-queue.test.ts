import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { findServingRoleProblems, userOf } from '../db/database-roles.ts';
import { createPool } from '../db/pool.ts';
import { buildTestApp } from '../testing/index.ts';
import { type Job, JobQueue } from './job-queue.ts';

// The job queue over real PostgreSQL, in apps that run its workers: a job runs once its transaction
// committed and never when it rolled back, not before its time, once over two apps, and a job that
// throws is retried and its failure kept.

interface Run {
  id: string;
  data: { n: number };
  retryCount: number;
  at: number;
}

/** A queue name of this file's own (one database per file, but each test its own queue). */
let queueCount = 0;
const queueName = () => `test.probe-${++queueCount}`;

describe('the job queue', () => {
  let target: TestApp;

  beforeAll(async () => {
    target = await createTestApp({}, { jobs: true });
  });

  /** Defines a queue on the app whose handler records each run (and throws when `fails` says so). */
  async function defineProbe(
    app: TestApp['app'],
    name: string,
    runs: Run[],
    options: { fails?: boolean; retryLimit?: number; retryDelay?: number } = {},
  ) {
    const { fails = false, ...retry } = options;
    await app.jobs.define<{ n: number }>(
      name,
      async (job: Job<{ n: number }>) => {
        runs.push({ id: job.id, data: job.data, retryCount: job.retryCount, at: Date.now() });
        if (fails) throw new Error(`probe ${job.data.n} failed`);
      },
      retry,
    );
  }

  const stateOf = async (name: string, id: string) => (await target.app.jobs.getJob(name, id))?.state;

  it('runs a job sent in a committed transaction once, and never one whose transaction rolled back', async () => {
    const name = queueName();
    const runs: Run[] = [];
    await defineProbe(target.app, name, runs);
    await target.app.ready();
    let rolledBack = '';
    await expect(
      target.app.unitOfWork.mutate(async (unit) => {
        rolledBack = await target.app.jobs.sendInTransaction(unit, name, { n: 1 });
        throw new Error('the change fails after sending');
      }),
    ).rejects.toThrow('the change fails after sending');
    const committed = await target.app.unitOfWork.mutate((unit) =>
      target.app.jobs.sendInTransaction(unit, name, { n: 2 }),
    );
    await expect.poll(() => stateOf(name, committed)).toBe('completed');
    // The rolled-back job was sent first: had it been enqueued, it would have run before the other.
    expect(runs.map((run) => run.data.n)).toEqual([2]);
    expect(runs[0]?.id).toBe(committed);
    expect(await target.app.jobs.getJob(name, rolledBack)).toBeNull();
  });

  it('accepts a bare transaction too', async () => {
    const name = queueName();
    const runs: Run[] = [];
    await defineProbe(target.app, name, runs);
    const id = await target.app.unitOfWork.mutate(({ tx }) =>
      target.app.jobs.sendInTransaction(tx, name, { n: 3 }),
    );
    await expect.poll(() => stateOf(name, id)).toBe('completed');
    expect(runs.map((run) => run.id)).toEqual([id]);
  });

  it('runs a job sent two seconds ahead only once its time has come', async () => {
    const name = queueName();
    const runs: Run[] = [];
    await defineProbe(target.app, name, runs);
    const sentAt = Date.now();
    const id = await target.app.jobs.send(name, { n: 4 }, { startAfter: 2 });
    const job = await target.app.jobs.getJob(name, id);
    expect(job?.startAfter.getTime()).toBeGreaterThanOrEqual(sentAt + 1_000);
    await expect.poll(() => stateOf(name, id)).toBe('completed');
    expect(runs).toHaveLength(1);
    // Same machine, same clock: PostgreSQL's start_after and this process's time of the run.
    expect(runs[0]!.at).toBeGreaterThanOrEqual(job!.startAfter.getTime());
    expect(runs[0]!.at - sentAt).toBeGreaterThanOrEqual(2_000 - 50);
  });

  it('runs each job once when two apps work the same database', async () => {
    const name = queueName();
    const runsOfA: Run[] = [];
    const runsOfB: Run[] = [];
    const other = await buildTestApp(target.servingUrl, {}, { jobs: true });
    try {
      await defineProbe(target.app, name, runsOfA);
      await defineProbe(other, name, runsOfB);
      await other.ready();
      const ids = await Promise.all(Array.from({ length: 20 }, (_, n) => target.app.jobs.send(name, { n })));
      for (const id of ids) await expect.poll(() => stateOf(name, id)).toBe('completed');
      const ran = [...runsOfA, ...runsOfB].map((run) => run.id).sort();
      expect(ran).toEqual([...ids].sort());
    } finally {
      await other.close();
    }
  });

  it('retries a job that throws and keeps its failure', async () => {
    const name = queueName();
    const runs: Run[] = [];
    await defineProbe(target.app, name, runs, { fails: true, retryLimit: 1, retryDelay: 1 });
    const id = await target.app.jobs.send(name, { n: 5 });
    await expect.poll(() => stateOf(name, id)).toBe('failed');
    expect(runs.map((run) => run.retryCount)).toEqual([0, 1]);
    const job = await target.app.jobs.getJob(name, id);
    expect(job?.retryCount).toBe(1);
    expect(job?.output).toMatchObject({ message: 'probe 5 failed' });
    // The app still serves after its handler threw.
    expect((await target.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('reports, and survives, a database lost while it records a run', async () => {
    const pool = createPool(target.servingUrl, 2);
    const errors: unknown[] = [];
    const queue = new JobQueue({
      pool,
      runsWorkers: true,
      stopTimeoutMs: 1_000,
      onError: (e) => errors.push(e),
    });
    let finish = () => {};
    let hasStarted = () => {};
    const started = new Promise<void>((resolve) => {
      hasStarted = resolve;
    });
    await queue.define(queueName(), async () => {
      hasStarted();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await queue.start();
    await queue.send(`test.probe-${queueCount}`, { n: 7 });
    await started;
    await pool.end();
    // pg-boss records the outcome without awaiting it: had that rejected, the run (and vitest) would fail.
    finish();
    await expect.poll(() => errors.map(String).join('\n')).toContain('Cannot use a pool after calling end');
    await queue.stop();
  });

  it('refuses to send a job nobody defined', async () => {
    await expect(target.app.jobs.send('test.undefined', { n: 6 })).rejects.toThrow(
      'No job test.undefined is defined',
    );
  });

  afterAll(async () => {
    // Queues were created by the serving role through the owner's function: it still owns nothing.
    if (target && userOf(target.servingUrl) !== userOf(target.databaseUrl)) {
      expect(await findServingRoleProblems(target.databaseUrl, userOf(target.servingUrl))).toEqual([]);
    }
  });
});
