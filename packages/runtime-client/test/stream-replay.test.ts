import { RUNTIME_PATHS, RUNTIME_REPLAY_REVISIONS } from '@console/domain/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type RevisionChange, type RuntimeClient } from '../src/index.ts';
import { nextConnection, quietLogger, recordingFetch } from './client-helpers.ts';
import { type ConsoleUnderTest, startConsoleUnderTest } from './console-under-test.ts';

// What a client missed while the console was out of reach, against the real console: the stream replays
// one change event per missed revision (Last-Event-ID) and the client serves the latest revision with
// what each of them changed; when the console no longer keeps that far back it sends one reset event,
// and the client refetches and says everything changed.

describe('the SDK applies the revisions the stream replays', () => {
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

  /** A started, connected client whose only news is the stream (the safety refetch is an hour away). */
  async function connectedClient() {
    const recorder = recordingFetch();
    const changes: RevisionChange[] = [];
    const client = createRuntimeClient({
      url: server.runtimeUrl,
      key,
      fetch: recorder.fetch,
      logger: quietLogger,
      refreshIntervalMs: 3_600_000,
      backoff: { initialDelayMs: 20, maxDelayMs: 200 },
      onRevision: (change) => changes.push(change),
    });
    clients.push(client);
    await client.start();
    if (!client.isConnected) await nextConnection(client, true);
    return { client, changes, requests: recorder.requests };
  }

  /** Publishes `count` revisions through the operator API (each a key-value change); answers their numbers. */
  async function publish(count: number, label: string): Promise<number[]> {
    const revisions: number[] = [];
    for (let index = 0; index < count; index++) {
      await server.api('/api/release/kv/set', { keyValue: `${label}=${index};` });
      revisions.push((await server.api<{ latest: number }>('/api/runtime/revision/list', {})).latest);
    }
    return revisions;
  }

  const untilServing = (client: RuntimeClient, revision: number) =>
    expect.poll(() => client.revision, { timeout: 120_000, interval: 50 }).toBe(revision);

  it('serves the latest of three missed revisions, with the change event of each, in order', async () => {
    const { client, changes, requests } = await connectedClient();
    const held = client.revision!;
    const lost = nextConnection(client, false);
    server.cutRuntime();
    await lost;
    const missed = await publish(3, 'missed');
    const applied = changes.length;
    server.restoreRuntime();
    await untilServing(client, missed.at(-1)!);

    const reconnect = requests.filter((r) => r.path === RUNTIME_PATHS.stream && r.status === 200).at(-1);
    expect(reconnect?.headers.get('last-event-id')).toBe(String(held));
    // One revision event for the jump, carrying every missed revision's changes
    const [change, ...more] = changes.slice(applied);
    expect(more).toEqual([]);
    expect(change?.previousRevision).toBe(held);
    expect(change?.snapshot.content.release.keyValue).toBe('missed=2;');
    expect(change?.changes?.map((event) => [event.revision, event.previousRevision])).toEqual(
      missed.map((revision) => [revision, revision - 1]),
    );
    expect(change?.changes?.at(-1)?.hash).toBe(change?.snapshot.hash);
    expect(change?.changes?.every((event) => !event.everythingChanged && event.changed !== null)).toBe(true);
    // and the next revision, as it comes, with its own change only
    const [next] = await publish(1, 'after');
    await untilServing(client, next!);
    expect(changes.at(-1)?.changes?.map((event) => event.revision)).toEqual([next]);
    await client.close();
  });

  it('refetches on the reset event when it missed more revisions than the console keeps, and says everything changed', async () => {
    const { client, changes } = await connectedClient();
    const lost = nextConnection(client, false);
    server.cutRuntime();
    await lost;
    const missed = await publish(RUNTIME_REPLAY_REVISIONS + 1, 'far');
    const applied = changes.length;
    server.restoreRuntime();
    await untilServing(client, missed.at(-1)!);
    const [change, ...more] = changes.slice(applied);
    expect(more).toEqual([]);
    expect(change?.snapshot.content.release.keyValue).toBe(`far=${RUNTIME_REPLAY_REVISIONS};`);
    expect(change?.changes).toBeNull();
    await client.close();
  }, 600_000);
});
