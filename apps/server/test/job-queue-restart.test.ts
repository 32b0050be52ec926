import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '../src/db/pool.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { REPO_ROOT } from '../src/settings.ts';
import { cloneDatabase, type ServerProcess, startServerProcess } from '../src/testing/index.ts';

// A job survives the process: sent for later, the console killed with SIGKILL before its time and started
// again, the job runs exactly once. The console runs as its own process with a probe job
// (src/jobs/job-queue-probe.testing.ts) that appends each run's job id to a file.

const PROBE_ENTRY = resolve(REPO_ROOT, 'apps/server/src/jobs/job-queue-probe.testing.ts');
const PROBE_QUEUE = 'test.probe';

describe('a job sent before the console was killed', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let pool: pg.Pool;
  let sender: JobQueue;
  let folder: string;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    const database = await cloneDatabase(
      inject('adminUrl'),
      inject('templateDatabase'),
      inject('databasePrefix'),
    );
    databaseUrl = database.url;
    drop = database.drop;
    folder = mkdtempSync(join(tmpdir(), 'job-probe-'));
    // The test sends the job itself, as a replica that runs no workers would.
    pool = createPool(databaseUrl, 1);
    sender = new JobQueue({ pool, runsWorkers: false, stopTimeoutMs: 1_000, onError: () => {} });
    await sender.define(PROBE_QUEUE, async () => {});
    await sender.start();
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    await sender?.stop();
    await pool?.end();
    await drop?.();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const startConsole = async (probeFile: string) => {
    const server = await startServerProcess({
      databaseUrl,
      entry: PROBE_ENTRY,
      env: { NODE_OPTIONS: '--import tsx', JOB_PROBE_FILE: probeFile },
    });
    started.push(server);
    return server;
  };
  const runsIn = (file: string) =>
    existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];

  it('runs exactly once after the restart', async () => {
    const probeFile = join(folder, 'runs.txt');
    const first = await startConsole(probeFile);
    const id = await sender.send(PROBE_QUEUE, { sent: 'before the kill' }, { startAfter: 4 });
    await first.stop('SIGKILL');
    // Killed before its time: the job waits, and nothing ran it.
    expect((await sender.getJob(PROBE_QUEUE, id))?.state).toBe('created');
    expect(runsIn(probeFile)).toEqual([]);

    await startConsole(probeFile);
    await expect
      .poll(async () => (await sender.getJob(PROBE_QUEUE, id))?.state, { timeout: 60_000 })
      .toBe('completed');
    expect(runsIn(probeFile)).toEqual([id]);
  });
});
