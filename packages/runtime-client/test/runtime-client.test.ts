import { RUNTIME_PATHS, type RuntimeSnapshot } from '@console/domain/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRuntimeClient,
  type RevisionChange,
  RuntimeApiError,
  type RuntimeClient,
  type RuntimeClientOptions,
} from '../src/index.ts';
import { nextConnection, nextRevision, quietLogger, recordingFetch } from './client-helpers.ts';
import { type ConsoleUnderTest, startConsoleUnderTest } from './console-under-test.ts';
import { GOLD_RUSH } from './gold-rush.ts';

// The SDK against the real console: Fastify over HTTP, PostgreSQL, the revision stream. Changes are made
// through the operator API as the web app makes them; the game server's view is only what the client shows.

describe('createRuntimeClient against the console', () => {
  let server: ConsoleUnderTest;
  let key: string;
  const clients: RuntimeClient[] = [];

  beforeAll(async () => {
    server = await startConsoleUnderTest();
    key = (await server.createRuntimeKey('dev')).key;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server?.close();
  });

  /** A client of the dev environment; the safety refetch is an hour away, so only the stream brings news. */
  function newClient(options: Partial<RuntimeClientOptions> = {}) {
    const recorder = recordingFetch();
    const client = createRuntimeClient({
      url: server.runtimeUrl,
      key,
      fetch: recorder.fetch,
      logger: quietLogger,
      refreshIntervalMs: 3_600_000,
      backoff: { initialDelayMs: 20, maxDelayMs: 200 },
      ...options,
    });
    clients.push(client);
    return { client, requests: recorder.requests };
  }

  const readSnapshot = async (runtimeKey = key): Promise<RuntimeSnapshot> => {
    const response = await fetch(`${server.runtimeUrl}${RUNTIME_PATHS.snapshot}`, {
      headers: { authorization: `Bearer ${runtimeKey}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { payload: RuntimeSnapshot }).payload;
  };

  it("fetches the current snapshot of its key's environment", async () => {
    const { client } = newClient();
    const started = await client.start();
    expect(started.environment).toBe('dev');
    expect(client.snapshot).toEqual(await readSnapshot());
    expect(client.revision).toBe(started.revision);
    await client.close();
  });

  it('receives a change made through /api over the stream and calls onRevision with the new revision', async () => {
    const seen: RevisionChange[] = [];
    const { client, requests } = newClient({ onRevision: (change) => seen.push(change) });
    const first = await client.start();
    expect(seen.map((change) => change.revision)).toEqual([first.revision]);
    // From now on only the stream can bring news: the safety refetch is an hour away.
    if (!client.isConnected) await nextConnection(client, true);
    const snapshotFetches = () =>
      requests.filter((request) => request.path === RUNTIME_PATHS.snapshot && request.status === 200).length;
    const fetchesBefore = snapshotFetches();

    const keyValueArrived = nextRevision(client, first.revision);
    await server.api('/api/release/kv/set', { keyValue: 'motd=hello;' });
    const keyValue = await keyValueArrived;
    expect(keyValue.snapshot.content.release.keyValue).toBe('motd=hello;');
    expect(keyValue.previousRevision).toBe(first.revision);

    const wasEnabled = keyValue.snapshot.content.plugins.find((plugin) => plugin.id === GOLD_RUSH)?.enabled;
    const switchArrived = nextRevision(client, keyValue.revision);
    await server.api('/api/plugin/activate', { pluginId: GOLD_RUSH, active: !wasEnabled });
    const switched = await switchArrived;
    expect(switched.snapshot.content.plugins.find((plugin) => plugin.id === GOLD_RUSH)?.enabled).toBe(
      !wasEnabled,
    );

    expect(seen.map((change) => change.revision)).toEqual([
      first.revision,
      keyValue.revision,
      switched.revision,
    ]);
    expect(client.snapshot).toEqual(await readSnapshot());
    // Each announcement was followed by one snapshot download (a catch-up on connect may add a 304).
    expect(snapshotFetches() - fetchesBefore).toBe(2);
    await client.close();
  });

  it('refetches an unchanged revision as a 304, sending the ETag it got, and keeps its snapshot', async () => {
    const { client, requests } = newClient();
    const started = await client.start();
    const firstFetch = requests.find((request) => request.path === RUNTIME_PATHS.snapshot);
    expect(firstFetch?.status).toBe(200);

    const before = requests.length;
    expect(await client.refresh()).toBe(started);
    const refetch = requests.slice(before).find((request) => request.path === RUNTIME_PATHS.snapshot);
    expect(refetch?.status).toBe(304);
    expect(refetch?.headers.get('if-none-match')).toBeTruthy();
    expect(client.snapshot).toBe(started);
    await client.close();
  });

  it('collects each grant exactly once, even when two game servers acknowledge together', async () => {
    const a = newClient().client;
    const b = newClient().client;
    const userId = 'grant-player';
    for (const amount of [10, 20, 30])
      await server.api('/api/compensation/send/consumable', { userId, item: 'Coin', amount });

    const pending = await a.grants.pending(userId);
    expect(pending.map((grant) => [grant.item, grant.amount])).toEqual([
      ['Coin', 10],
      ['Coin', 20],
      ['Coin', 30],
    ]);
    const ids = pending.map((grant) => grant.id);
    const [first, second] = await Promise.all([a.grants.ack(ids), b.grants.ack(ids)]);
    expect([...first.collected, ...second.collected].sort((x, y) => x - y)).toEqual(
      [...ids].sort((x, y) => x - y),
    );
    expect(await b.grants.pending(userId)).toEqual([]);
    expect(await a.grants.ack(ids)).toEqual({ collected: [] });
    expect(await a.grants.ack([])).toEqual({ collected: [] });
  });

  it("reads a player's progression as an operator set it, null for an unknown player", async () => {
    const { client } = newClient();
    await server.api('/api/player/progression', { userId: 'progress-player', level: 7, eoc: 2, streak: 3 });
    expect(await client.progression('progress-player')).toEqual({ level: 7, eoc: 2, streak: 3 });
    expect(await client.progression('nobody-here')).toBeNull();
  });

  it('keeps serving its snapshot while the console is unreachable, then reconnects and catches up', async () => {
    const { client, requests } = newClient();
    const started = await client.start();
    if (!client.isConnected) await nextConnection(client, true);

    const lost = nextConnection(client, false);
    server.cutRuntime();
    await lost;
    const refused = await client.refresh().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RuntimeApiError);
    expect((refused as RuntimeApiError).status).toBe(0);
    expect(client.snapshot).toBe(started);
    expect(() => client.resolve({ userId: 'offline-player', context: {} })).not.toThrow();

    // The console restarts; a change made meanwhile reaches the client once it is back.
    await server.restart();
    await server.api('/api/release/kv/set', { keyValue: 'while=away;' });
    const caughtUp = nextRevision(client, started.revision);
    server.restoreRuntime();
    const change = await caughtUp;
    expect(change.snapshot.content.release.keyValue).toBe('while=away;');
    const streams = requests.filter(
      (request) => request.path === RUNTIME_PATHS.stream && request.status === 200,
    );
    expect(streams.length).toBeGreaterThanOrEqual(2);
    expect(streams.at(-1)?.headers.get('last-event-id')).toBe(String(started.revision));
    await client.close();
  });

  it('reports the revision it applied, so the console lists this game server as caught up', async () => {
    const instance = `sdk-${Math.random().toString(36).slice(2, 10)}`;
    const { client } = newClient({ instance });
    const started = await client.start();
    const first = await waitForGameServer(instance, started.revision);
    expect(first).toMatchObject({ instance, revision: started.revision });

    const arrived = nextRevision(client, started.revision);
    await server.api('/api/release/kv/set', { keyValue: 'applied=yes;' });
    const { revision } = await arrived;
    const listed = await waitForGameServer(instance, revision);
    expect(listed.revision).toBe(revision);
    await client.close();
  });

  /** The console's game-server list until it shows the instance at the revision (polled: reports are async). */
  async function waitForGameServer(instance: string, revision: number) {
    let found: { instance: string; revision: number } | undefined;
    await expect
      .poll(
        async () => {
          const list = await server.api<{ instances: { instance: string; revision: number }[] }>(
            '/api/connections/game-servers',
          );
          found = list.instances.find((candidate) => candidate.instance === instance);
          return found?.revision;
        },
        { interval: 25, message: `game server ${instance} reports revision ${revision}` },
      )
      .toBe(revision);
    return found!;
  }

  it('fails loudly on a key the console refuses: start() rejects with its error text, status and code', async () => {
    const { client } = newClient({ key: 'rk_not-a-key' });
    const refused = await client.start().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RuntimeApiError);
    expect((refused as RuntimeApiError).status).toBe(401);
    expect((refused as RuntimeApiError).code).toBe('NOT_LOGGED_IN');
    expect((refused as RuntimeApiError).message).not.toMatch(/answered 401/);
    expect(client.snapshot).toBeNull();
  });
});
