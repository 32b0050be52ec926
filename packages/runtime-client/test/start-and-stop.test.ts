import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@console/server/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createRuntimeClient,
  type Exposure,
  type RevisionChange,
  RuntimeApiError,
  type RuntimeClient,
  type RuntimeClientOptions,
  readSnapshotFile,
} from '../src/index.ts';
import { nextRevision, quietLogger, recordingFetch, untilRevision } from './client-helpers.ts';
import { type ConsoleUnderTest, startConsoleUnderTest } from './console-under-test.ts';
import { setUpGoldRush } from './gold-rush.ts';

// What a game server meets at start and when things go wrong: a start-up that cannot hang, serving a
// bootstrap or the snapshot file while the console is unreachable, a revoked key, and exposures.

describe('starting, bootstrapping and stopping against the console', () => {
  let server: ConsoleUnderTest;
  let key: string;
  let directory: string;
  const clients: RuntimeClient[] = [];

  beforeAll(async () => {
    server = await startConsoleUnderTest();
    key = (await server.createRuntimeKey('dev')).key;
    await setUpGoldRush(server);
    directory = await mkdtemp(join(tmpdir(), 'runtime-client-'));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  function newClient(options: Partial<RuntimeClientOptions> = {}) {
    const client = createRuntimeClient({
      url: server.runtimeUrl,
      key,
      logger: quietLogger,
      backoff: { initialDelayMs: 20, maxDelayMs: 100 },
      ...options,
    });
    clients.push(client);
    return client;
  }

  /** A URL where nothing listens: every request is refused at once. */
  const nowhere = async () => `http://127.0.0.1:${await freePort()}`;

  it('start({timeoutMs}) rejects when no snapshot arrived in time and there is no bootstrap', async () => {
    const client = newClient({ url: await nowhere() });
    const failed = await client.start({ timeoutMs: 300 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RuntimeApiError);
    expect((failed as RuntimeApiError).status).toBe(0);
    expect((failed as RuntimeApiError).message).toMatch(
      /^No runtime snapshot from http:\/\/127\.0\.0\.1:\d+ within 300 ms$/,
    );
    expect(client.snapshot).toBeNull();
    expect(() => client.resolve({ userId: 'p-1' })).toThrow(/No runtime snapshot yet/);
  });

  it('serves a bootstrap at once while the console is unreachable', async () => {
    const bootstrap = await newClient().start();
    const errors: RuntimeApiError[] = [];
    const client = newClient({ url: await nowhere(), bootstrap, onError: (error) => errors.push(error) });
    const served = await client.start({ timeoutMs: 60_000 });
    expect(served).toBe(bootstrap);
    expect(client.resolve({ userId: 'p-1', at: Date.parse('2026-03-10T10:30:00Z') })).toMatchObject({
      kind: 'receipt',
      userId: 'p-1',
    });
    expect(errors[0]?.status).toBe(0);
  });

  it('writes every revision to the snapshot file and serves it at the next start until the console answers', async () => {
    const snapshotFile = join(directory, 'snapshot.json');
    const first = newClient({ snapshotFile });
    const started = await first.start();
    await first.close();
    expect(await readSnapshotFile(snapshotFile)).toEqual(started);

    // The console is unreachable when the game server restarts; a change is published meanwhile.
    server.cutRuntime();
    await server.api('/api/release/kv/set', { keyValue: 'while=restarting;' });
    const { latest } = await server.api<{ latest: number }>('/api/runtime/revision/list', {});
    const changes: RevisionChange[] = [];
    const second = newClient({ snapshotFile, onRevision: (change) => changes.push(change) });
    expect(await second.start()).toEqual(started);
    expect(changes.map(({ revision, source }) => ({ revision, source }))).toEqual([
      { revision: started.revision, source: 'bootstrap' },
    ]);

    server.restoreRuntime();
    await untilRevision(second, latest);
    expect(changes.at(-1)).toMatchObject({ revision: latest, source: 'console' });
    await second.close();
    expect((await readSnapshotFile(snapshotFile))?.revision).toBe(latest);
  });

  it('ignores a snapshot file that is not a snapshot, and says so', async () => {
    const snapshotFile = join(directory, 'broken.json');
    await writeFile(snapshotFile, '{"revision": "x"}');
    const warnings: string[] = [];
    const client = newClient({
      snapshotFile,
      logger: { warn: (message) => warnings.push(message), error: () => {} },
    });
    const started = await client.start();
    expect(started.revision).toBeGreaterThan(0);
    expect(warnings.join('\n')).toMatch(
      /ignored the snapshot file: .*broken\.json is not a runtime snapshot/,
    );
  });

  it('logs warnings and errors only without a logger of its own: no line for each revision served', async () => {
    const snapshotFile = join(directory, 'not-a-snapshot.json');
    await writeFile(snapshotFile, '[]');
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const client = createRuntimeClient({ url: server.runtimeUrl, key, snapshotFile });
      clients.push(client);
      const started = await client.start();
      await server.api('/api/release/kv/set', { keyValue: 'quiet=1;' });
      await untilRevision(client, started.revision + 1);
      expect(info).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
      expect(warn.mock.calls.map(([message]) => String(message)).join('\n')).toMatch(
        /ignored the snapshot file/,
      );
    } finally {
      info.mockRestore();
      log.mockRestore();
      warn.mockRestore();
    }
  });

  it('stops for good when the console revokes its key: one error, no more requests, the snapshot kept', async () => {
    const revocable = await server.createRuntimeKey('dev');
    const recorder = recordingFetch();
    const stopped: RuntimeApiError[] = [];
    const client = newClient({
      key: revocable.key,
      fetch: recorder.fetch,
      refreshIntervalMs: 20,
      onError: () => {},
    });
    client.on('stopped', (error) => stopped.push(error));
    const started = await client.start();
    const hasStopped = new Promise<RuntimeApiError>((resolve) => client.on('stopped', resolve));

    await server.api('/api/runtime-keys/revoke', { id: revocable.id });
    const reason = await hasStopped;
    expect(reason.status).toBe(401);
    expect(reason.isKeyRefused).toBe(true);
    expect(client.stoppedBy).toBe(reason);
    expect(client.isConnected).toBe(false);
    expect(client.snapshot).toBe(started);
    expect(client.resolve({ userId: 'p-1', at: Date.parse('2026-03-10T10:30:00Z') }).kind).toBe('receipt');

    // A client with the same 20 ms safety refetch keeps asking; the stopped one asked nothing more.
    const requestsWhenStopped = recorder.requests.length;
    const control = recordingFetch();
    const running = newClient({ fetch: control.fetch, refreshIntervalMs: 20 });
    await running.start();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (control.requests.filter((request) => request.path.endsWith('/snapshot')).length < 5) return;
        clearInterval(timer);
        resolve();
      }, 10);
    });
    expect(recorder.requests.length).toBe(requestsWhenStopped);
    expect(stopped).toEqual([reason]);
    // The game server's own calls answer the refusal that stopped it.
    await expect(client.grants.pending('p-1')).rejects.toBe(reason);
  });

  it('tells each exposure once per player and A/B-test per revision', async () => {
    const exposures: Exposure[] = [];
    const client = newClient({ onExposure: (exposure) => exposures.push(exposure) });
    const started = await client.start();
    const { latest } = await server.api<{ latest: number }>('/api/runtime/revision/list', {});
    await untilRevision(client, latest);
    const revision = client.revision ?? started.revision;
    const player = { userId: 'exposed-player', context: { Platform: 'ios' }, level: 100 };

    const receipt = client.resolve(player);
    client.resolve(player);
    client.resolve({ ...player, explain: true });
    const decided = receipt.plugins.filter((plugin) => plugin.abTestId !== null);
    expect(decided.map((plugin) => plugin.pluginName)).toContain('GOLD_RUSH');
    expect(exposures).toEqual(
      decided.map((plugin) => ({
        userId: 'exposed-player',
        abTestId: plugin.abTestId,
        version: client.snapshot!.content.abTests.find((test) => test.id === plugin.abTestId)!.version,
        caseIndex: plugin.caseIndex,
        plugin: plugin.pluginName,
        revision,
        at: expect.any(Number),
      })),
    );

    // A new revision: the same player is told again.
    const arrived = nextRevision(client, revision);
    await server.api('/api/release/kv/set', { keyValue: 'exposures=again;' });
    const next = await arrived;
    client.resolve(player);
    expect(exposures.length).toBe(decided.length * 2);
    expect(exposures.at(-1)?.revision).toBe(next.revision);
  });
});
