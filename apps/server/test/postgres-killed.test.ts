import { mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres, withDatabase } from '../src/db/embedded.ts';
import { isRunning, readPostmasterPid } from '../src/db/leftover-postgres.ts';
import { freePort, type ServerProcess, startServerProcess } from '../src/testing/index.ts';
import { withConnection } from './faults.ts';

// PostgreSQL killed with SIGKILL (a crash, the out-of-memory killer) under a burst of concurrent writes,
// ten times in a row, with the console as its own process: the console never exits, operator calls answer
// 200 or 503 (never a reset connection or a 500), game servers keep getting the snapshot from memory, and
// once PostgreSQL is back writes succeed again; every A/B-test a kill interrupted is there with its audit
// entry or not there at all. The PostgreSQL is this file's own (a data directory and port of its own,
// restarted on both after each kill), so the run's shared one keeps serving the other files.

const ROUNDS = 10;
const WRITES = 100;
const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
/** Caps that only guard against a hang (a busy 2-core machine), never budgets. */
const RECOVERY_CAP_MS = 60_000;
const SLOW_MS = 600_000;
/** Between two snapshot reads. */
const READ_PAUSE_MS = 20;

type Answer = number | string;

describe('PostgreSQL killed with SIGKILL under concurrent writes', () => {
  let dataDir: string;
  let postgres: EmbeddedDatabase;
  let port: number;
  let server: ServerProcess;
  let databaseUrl: string;
  let operator: string;
  let key: CreatedRuntimeKey;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-killed-pg-'));
    port = await freePort();
    postgres = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    // Without fsync: a PostgreSQL killed, not the machine, loses nothing the OS was given (the WAL of every
    // commit is written before it is acknowledged), so recovery finds what it would with it; and starting
    // again after a kill (recovery, then a checkpoint) took 1.8 s instead of 0.1 s on a busy shared disk.
    await withConnection(postgres.adminUrl, async (client) => {
      await client.query('ALTER SYSTEM SET fsync = off');
      await client.query('SELECT pg_reload_conf()');
    });
    await createDatabaseIfMissing(postgres.adminUrl, 'console');
    databaseUrl = withDatabase(postgres.adminUrl, 'console');
    server = await startServerProcess({
      databaseUrl,
      entry: inject('serverBundle'),
      env: {
        ADMIN_EMAILS: ADMIN,
        DEFAULT_ROLE: 'operator',
        // One session sends every write of every round.
        API_RATE_LIMIT_PER_SESSION: '0',
        API_RATE_LIMIT_PER_ADDRESS: '0',
      },
    });
    operator = await signIn(OPERATOR);
    const created = await post('/api/runtime-keys/create', await signIn(ADMIN), { name: 'game servers' });
    expect(created.status).toBe(200);
    key = ((await created.json()) as { payload: CreatedRuntimeKey }).payload;
  }, SLOW_MS);

  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
    if (!dataDir) return;
    const left = readPostmasterPid(dataDir);
    if (left && isRunning(left.pid)) process.kill(left.pid, 'SIGQUIT');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, cookie: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  async function signIn(email: string): Promise<string> {
    const response = await fetch(`${server.url}/oauth/login/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }
  /** The answer's status, or what went wrong when none came (the console died under it). */
  const create = (id: string): Promise<Answer> =>
    post('/api/abtest/create?configuration=dev', operator, { id, description: 'x', type: 0 }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      (error: Error) => `no answer: ${error.message} ${String(error.cause ?? '')}`,
    );

  /** A game server's read of the snapshot: its status, or what went wrong when no answer came. */
  const readSnapshot = (): Promise<Answer> =>
    fetch(`${server.url}/runtime/v1/snapshot`, { headers: { authorization: `Bearer ${key.key}` } }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      (error: Error) => `no answer: ${error.message}`,
    );

  /** Reads the snapshot one read after another until stopped; answers how many got each status. */
  function readSnapshotsMeanwhile() {
    const counts = new Map<Answer, number>();
    let isReading = true;
    const reading = (async () => {
      while (isReading) {
        const status = await readSnapshot();
        counts.set(status, (counts.get(status) ?? 0) + 1);
        // Paced like game servers polling, so the reads leave the two cores to the rest.
        await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS));
      }
    })();
    return async () => {
      isReading = false;
      await reading;
      return Object.fromEntries(counts);
    };
  }

  /**
   * PostgreSQL's processes on the data directory (the postmaster and every backend and helper run in it):
   * those of a killed postmaster outlive it a moment, holding its shared memory, and a new one starts only
   * once they are gone.
   */
  function postgresProcesses(): number[] {
    const directory = realpathSync(dataDir);
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          return readlinkSync(`/proc/${name}/cwd`) === directory;
        } catch {
          return false;
        }
      })
      .map(Number);
  }

  async function waitUntil(what: string, isDone: () => boolean | Promise<boolean>) {
    const deadline = Date.now() + RECOVERY_CAP_MS;
    while (!(await isDone())) {
      if (Date.now() > deadline) throw new Error(`${what}: not after ${RECOVERY_CAP_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Ten rounds of 100 concurrent writes with PostgreSQL killed under them, then started again; every
   * write's answer is kept in `answers`.
   */
  async function killTenTimes(answers: Map<string, Answer>) {
    for (let round = 0; round < ROUNDS; round += 1) {
      const ids = Array.from({ length: WRITES }, (_, index) => `killed-${round}-${index}`);
      const writes = ids.map((id) => create(id));
      // The kill lands while writes are in every state: committed, inside their transaction, and
      // waiting for one of the pool's connections.
      await Promise.race(writes);
      process.kill(readPostmasterPid(dataDir)!.pid, 'SIGKILL');
      const statuses = await Promise.all(writes);
      for (const [index, id] of ids.entries()) answers.set(id, statuses[index]!);
      const others = statuses.filter((status) => status !== 200 && status !== 503);
      expect(others, `round ${round}: every write answers 200 or 503\n${server.output()}`).toEqual([]);
      expect(server.hasExited, server.output()).toBe(false);
      expect(statuses, `round ${round}: the kill found writes in flight`).toContain(503);
      expect(await readSnapshot(), `round ${round}: the snapshot while PostgreSQL is down`).toBe(200);

      // PostgreSQL starts again on the same directory and port.
      await waitUntil('the killed PostgreSQL gone', () =>
        postgresProcesses().every((pid) => !isRunning(pid)),
      );
      postgres = await startEmbeddedPostgres({ dataDir, port, persistent: true });
      // The console reconnects by itself: a write succeeds again.
      let attempt = 0;
      await waitUntil('a write succeeds after PostgreSQL is back', async () => {
        const id = `after-${round}-${attempt++}`;
        const status = await create(id);
        answers.set(id, status);
        return status === 200;
      });
    }
  }

  it('the console survives ten kills, serves the runtime throughout, and every change is whole or absent', {
    timeout: SLOW_MS,
  }, async () => {
    const answers = new Map<string, Answer>();
    const stopReading = readSnapshotsMeanwhile();
    let reads: Record<string, number>;
    try {
      await killTenTimes(answers);
    } finally {
      reads = await stopReading();
    }
    expect(server.hasExited, server.output()).toBe(false);
    expect(Object.keys(reads), `runtime reads throughout: ${JSON.stringify(reads)}`).toEqual(['200']);

    // Each created A/B-test against its audit entry: both there, or neither.
    const { tests, entries } = await withConnection(databaseUrl, async (client) => ({
      tests: (await client.query<{ id: string }>(`SELECT id FROM ab_test WHERE environment_id = 'dev'`)).rows,
      entries: (
        await client.query<{ target: string }>(
          `SELECT target FROM audit_entry WHERE environment_id = 'dev' AND action = 'abtest.create'`,
        )
      ).rows,
    }));
    const stored = new Set(tests.map((row) => row.id));
    const audited = entries.map((row) => row.target);
    expect(new Set(audited).size, 'one entry per A/B-test').toBe(audited.length);
    expect([...new Set(audited)].sort()).toEqual([...stored].sort());
    for (const [id, status] of answers) {
      if (status === 200) expect(stored.has(id), `${id} answered 200`).toBe(true);
      else expect(status, id).toBe(503);
    }
  });
});
