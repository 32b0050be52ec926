// What one changed configuration costs the runtime, in an environment of 1,000 and of 10,000
// configurations (docs/decisions/0253, "Runtime revisions": a revision stores what changed). Each
// environment's active sets fill every plugin id (at most MAX_DRAFT_ENTRIES entries, A/B-tests of CASES
// cases, one configuration per case) and the configurations that do not fit are switched off, so the
// snapshot holds as many as the plugin ids allow. Seeded with bulk SQL, then per round one
// configuration's data is changed in SQL and published (publishRevision, in a transaction, as a change's
// unit of work runs it). Printed per size: publish time (median), the console process's CPU time per
// publish (median: on a busy machine it moves less than the wall time, and it leaves the database's work
// out, which the queries' indexes keep flat), the bytes the revision stored (its row
// and the parts it wrote), the stream's revision event, a 304-revalidated game server's whole answer, the
// snapshot itself, and the SDK's heap after loading the snapshot; then each figure's ratio 10,000 vs
// 1,000 (the goal: flat, but the snapshot and the SDK's heap, which hold the content).
// Run: cd apps/server && npx tsx ../../scripts/bench-revisions.ts   (BENCH_REVISIONS_ROUNDS, default 7)
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import type pg from 'pg';
import { createRuntimeClient } from '../packages/runtime-client/src/index.ts';
import {
  changeOneConfiguration,
  GIVE_UP_MS,
  gc,
  median,
  publishChanges,
  SIZES,
  withBenchConsole,
} from './bench-seed.ts';

const ROUNDS = Number(process.env.BENCH_REVISIONS_ROUNDS ?? 7);

/** The bytes revision `revision` stored: its row, and (content-addressed storage) the parts it wrote. */
async function storedBytes(client: pg.Client, environmentId: string, revision: number): Promise<number> {
  const bytesOf = async (sql: string) =>
    Number(
      (await client.query<{ bytes: string | null }>(sql, [environmentId, revision])).rows[0]!.bytes ?? 0,
    );
  const row = await bytesOf(
    'SELECT pg_column_size(r.*) AS bytes FROM runtime_revision r WHERE r.environment_id = $1 AND r.revision = $2',
  );
  const { rows } = await client.query<{ found: string | null }>(
    "SELECT to_regclass('runtime_part') AS found",
  );
  if (rows[0]!.found === null) return row;
  return (
    row +
    (await bytesOf(
      'SELECT sum(pg_column_size(p.*)) AS bytes FROM runtime_part p WHERE p.environment_id = $1 AND p.revision = $2',
    ))
  );
}

/** A game server's revalidation, as it travels: every byte of the 304 answer (status line and headers). */
function notModifiedBytes(address: URL, key: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(address.port), address.hostname, () =>
      socket.write(
        `GET /runtime/v1/snapshot HTTP/1.1\r\nhost: ${address.host}\r\nauthorization: Bearer ${key}\r\n` +
          `if-none-match: ${etag}\r\nconnection: close\r\n\r\n`,
      ),
    );
    let bytes = 0;
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      head += chunk.toString('latin1');
    });
    socket.on('end', () =>
      head.startsWith('HTTP/1.1 304') ? resolve(bytes) : reject(new Error(head.split('\r\n')[0])),
    );
    socket.on('error', reject);
  });
}

/** The stream's frames as they arrive (text between blank lines), per revision id. */
function followStream(address: URL, key: string) {
  const frames = new Map<number, string>();
  const waiting = new Map<number, () => void>();
  const request = http.get(
    new URL('/runtime/v1/stream', address),
    { headers: { accept: 'text/event-stream', authorization: `Bearer ${key}` } },
    (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(frame);
          if (!id) continue;
          frames.set(Number(id[1]), frame);
          waiting.get(Number(id[1]))?.();
        }
      });
    },
  );
  return {
    frameOf: (revision: number): Promise<string> =>
      frames.has(revision)
        ? Promise.resolve(frames.get(revision)!)
        : new Promise((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`no event for revision ${revision}`)),
              GIVE_UP_MS,
            );
            waiting.set(revision, () => {
              clearTimeout(timer);
              resolve(frames.get(revision)!);
            });
          }),
    close: () => request.destroy(),
  };
}

interface Figures {
  publishMs: number;
  publishCpuMs: number;
  storedBytes: number;
  eventBytes: number;
  notModifiedBytes: number;
  snapshotBytes: number;
  sdkHeapBytes: number;
}

const results = await withBenchConsole(async ({ app, client, seed }) => {
  const measured = new Map<number, Figures>();
  const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  const login = await fetch(new URL('/oauth/login/dev', address), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  for (const size of SIZES) {
    const environment = await seed(size);
    const { environmentId } = environment;
    const created = await fetch(new URL(`/api/runtime-keys/create?configuration=${environmentId}`, address), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { key } = ((await created.json()) as { payload: CreatedRuntimeKey }).payload;
    const stream = followStream(address, key);
    const publishMs: number[] = [];
    const publishCpuMs: number[] = [];
    const stored: number[] = [];
    const events: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await changeOneConfiguration(client, environment, 1_000_000 + round);
      const cpu = process.cpuUsage();
      const started = performance.now();
      const published = await publishChanges(app, environmentId);
      publishMs.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      publishCpuMs.push((used.user + used.system) / 1000);
      if (!published) throw new Error('the change published nothing');
      stored.push(await storedBytes(client, environmentId, published.revision));
      events.push(Buffer.byteLength(await stream.frameOf(published.revision)));
    }
    stream.close();
    const snapshot = await fetch(new URL('/runtime/v1/snapshot', address), {
      headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'identity' },
    });
    const etag = snapshot.headers.get('etag')!;
    const snapshotBytes = (await snapshot.arrayBuffer()).byteLength;
    // The SDK's memory for this environment: its heap after loading the snapshot, against before.
    gc();
    const before = process.memoryUsage().heapUsed;
    const runtime = createRuntimeClient({ url: address.origin, key, refreshIntervalMs: 600_000 });
    await runtime.start({ timeoutMs: GIVE_UP_MS });
    gc();
    const sdkHeapBytes = process.memoryUsage().heapUsed - before;
    runtime.close();
    measured.set(size, {
      publishMs: median(publishMs),
      publishCpuMs: median(publishCpuMs),
      storedBytes: median(stored),
      eventBytes: median(events),
      notModifiedBytes: await notModifiedBytes(address, key, etag),
      snapshotBytes,
      sdkHeapBytes,
    });
  }
  return measured;
});

const [small, large] = SIZES.map((size) => results.get(size)!) as [Figures, Figures];
const rows: [string, keyof Figures, (value: number) => string][] = [
  ['publish time (median)', 'publishMs', (ms) => `${ms.toFixed(1)} ms`],
  ['publish CPU (median)', 'publishCpuMs', (ms) => `${ms.toFixed(1)} ms`],
  ['revision stored', 'storedBytes', (bytes) => `${bytes} B`],
  ['stream revision event', 'eventBytes', (bytes) => `${bytes} B`],
  ['304 revalidation', 'notModifiedBytes', (bytes) => `${bytes} B`],
  ['snapshot (identity)', 'snapshotBytes', (bytes) => `${bytes} B`],
  ['SDK heap after loading', 'sdkHeapBytes', (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`],
];
console.log(`\nOne changed configuration, ${ROUNDS} rounds per size (configurations: ${SIZES.join(' vs ')})`);
for (const [label, field, show] of rows) {
  const ratio = large[field] / small[field];
  console.log(
    `${label.padEnd(24)} ${show(small[field]).padStart(12)} ${show(large[field]).padStart(12)}   ratio ${ratio.toFixed(2)}`,
  );
}
