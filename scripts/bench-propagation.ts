// Scale out: "activation-to-every-process ≤ 1 s". Two console processes (each a real
// `tsx apps/server/src/server.ts`, as `npm start` runs it) on one PostgreSQL database; a change of what
// players receive (the release key-values) is saved through process A's /api, and the time until BOTH
// processes serve the revision it published is measured by following each process's /runtime/v1/stream
// (a process sends a revision event once it serves that revision; the last round is checked against
// /runtime/v1/snapshot too). Printed: median, p95 and max from sending the change, against the bound.
// Run: cd apps/server && npx tsx ../../scripts/bench-propagation.ts
//   BENCH_PROPAGATION_ROUNDS (default 20)
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import type { RuntimeSnapshot } from '@console/domain/runtime';
import {
  cloneDatabase,
  createTemplateDatabase,
  type ServerProcess,
  startServerProcess,
  startTestPostgres,
} from '@console/server/testing';

const ROUNDS = Number(process.env.BENCH_PROPAGATION_ROUNDS ?? 20);
/** Target: a published revision reaches every process within 1 s. */
const BOUND_MS = 1_000;
/** A round whose revision has not reached a process by then is a failure, not a figure. */
const GIVE_UP_MS = 10_000;
const PAUSE_MS = 50;

/** One process's /runtime/v1/stream: when each revision event arrived (performance.now()). */
interface StreamFollower {
  /** Resolves with the arrival time of the first event of `revision` or later. */
  arrivalOf(revision: number): Promise<number>;
  close(): void;
}

function followStream(server: ServerProcess, key: string): Promise<StreamFollower> {
  return new Promise((resolve, reject) => {
    let latest = { revision: 0, at: 0 };
    const waiting = new Set<{ revision: number; done: (at: number) => void }>();
    const outgoing = http.get(
      `${server.url}/runtime/v1/stream`,
      { headers: { accept: 'text/event-stream', authorization: `Bearer ${key}` } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${server.url}/runtime/v1/stream answered ${response.statusCode}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .find((line) => line.startsWith('data:'));
            buffer = buffer.slice(end + 2);
            if (data === undefined) continue;
            const { revision } = JSON.parse(data.slice('data:'.length)) as { revision: number };
            if (revision <= latest.revision) continue;
            latest = { revision, at };
            for (const waiter of waiting) {
              if (waiter.revision > revision) continue;
              waiting.delete(waiter);
              waiter.done(at);
            }
          }
        });
        resolve({
          arrivalOf: (revision) =>
            revision <= latest.revision
              ? Promise.resolve(latest.at)
              : new Promise((done, fail) => {
                  const waiter = { revision, done };
                  waiting.add(waiter);
                  setTimeout(() => {
                    if (!waiting.delete(waiter)) return;
                    fail(
                      new Error(`${server.url} did not serve revision ${revision} within ${GIVE_UP_MS} ms`),
                    );
                  }, GIVE_UP_MS).unref();
                }),
          close: () => outgoing.destroy(),
        });
      },
    );
    outgoing.on('error', reject);
  });
}

async function post(server: ServerProcess, path: string, body: unknown, cookie = '') {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function snapshotOf(server: ServerProcess, key: string): Promise<RuntimeSnapshot> {
  const response = await fetch(`${server.url}/runtime/v1/snapshot`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (!response.ok) throw new Error(`${server.url}/runtime/v1/snapshot answered ${response.status}`);
  return ((await response.json()) as { payload: RuntimeSnapshot }).payload;
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

interface Round {
  /** From sending the change to A until the later of the two processes serves its revision. */
  toEveryProcess: number;
  /** A's answer to the change (its transaction, publishing included). */
  answer: number;
  /** From A's answer until the later process serves the revision (negative: both did before it came). */
  afterAnswer: number;
}

const cleanup: (() => Promise<unknown>)[] = [];
const followers: StreamFollower[] = [];
try {
  const postgres = await startTestPostgres();
  cleanup.push(() => postgres.stop());
  const template = await createTemplateDatabase(postgres);
  const database = await cloneDatabase(postgres.adminUrl, template, postgres.prefix);
  cleanup.push(() => database.drop());
  // One after the other: each migrates and seeds the database at start, as `npm start` does.
  const a = await startServerProcess({ databaseUrl: database.url });
  cleanup.push(() => a.stop());
  const b = await startServerProcess({ databaseUrl: database.url });
  cleanup.push(() => b.stop());

  const login = await post(a, '/oauth/login/dev', { email: 'bench@example.com' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const created = await post(a, '/api/runtime-keys/create?configuration=dev', { name: 'bench' }, cookie);
  const { key } = ((await created.json()) as { payload: CreatedRuntimeKey }).payload;
  for (const server of [a, b]) followers.push(await followStream(server, key));
  let revision = (await snapshotOf(a, key)).revision;

  /** Saves a new release key-value through A (a publishing change) and times its way to both processes. */
  const change = async (value: string): Promise<Round> => {
    const sent = performance.now();
    await post(a, '/api/release/kv/set?configuration=dev', { keyValue: value }, cookie);
    const answered = performance.now();
    revision += 1;
    const arrivals = await Promise.all(followers.map((follower) => follower.arrivalOf(revision)));
    const last = Math.max(...arrivals);
    return { toEveryProcess: last - sent, answer: answered - sent, afterAnswer: last - answered };
  };

  // The first change after start runs code paths for the first time in both processes: shown, not counted.
  const first = await change('bench=warm-up;');
  const rounds: Round[] = [];
  let lastValue = '';
  for (let round = 1; round <= ROUNDS; round++) {
    await new Promise((done) => setTimeout(done, PAUSE_MS));
    lastValue = `bench=${round};`;
    rounds.push(await change(lastValue));
  }
  // The events announce what the processes serve: the last revision, as both serve it.
  for (const server of [a, b]) {
    const served = await snapshotOf(server, key);
    if (served.revision !== revision || served.content.release.keyValue !== lastValue) {
      throw new Error(`${server.url} serves revision ${served.revision}, not ${revision} ('${lastValue}')`);
    }
  }

  const [load1] = loadavg();
  console.log(
    `\nActivation to every process: 2 console processes (tsx src/server.ts) on one PostgreSQL database; ` +
      `${ROUNDS} release changes saved through A's /api, each timed from sending it until both processes' ` +
      `/runtime/v1/stream announce its revision; load average ${load1?.toFixed(1)} on ${availableParallelism()} cores`,
  );
  const line = (name: string, values: number[], verdict = '') => {
    const sorted = [...values].sort((x, y) => x - y);
    const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
    console.log(
      `${name.padEnd(36)} median ${ms(percentile(sorted, 0.5))}  p95 ${ms(percentile(sorted, 0.95))}` +
        `  max ${ms(sorted.at(-1) ?? 0)}  ${verdict}`.trimEnd(),
    );
  };
  const worst = Math.max(...rounds.map((round) => round.toEveryProcess));
  line(
    'activation-to-every-process',
    rounds.map((round) => round.toEveryProcess),
    worst <= BOUND_MS ? `ok (≤ ${BOUND_MS} ms)` : `OVER ${BOUND_MS} ms`,
  );
  line(
    "  A's answer to the change",
    rounds.map((round) => round.answer),
  );
  line(
    "  from A's answer until both serve",
    rounds.map((round) => round.afterAnswer),
  );
  console.log(
    `The first change after start (not counted): ${first.toEveryProcess.toFixed(0)} ms. Revisions reach ` +
      'the processes by LISTEN/NOTIFY after commit; the periodic check (every 3 s) only covers a missed one.',
  );
} finally {
  for (const follower of followers) follower.close();
  for (const step of cleanup.reverse()) await step().catch((error: unknown) => console.error(error));
}
