import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type RuntimeClient, type RuntimeClientOptions } from '../src/index.ts';
import { quietLogger, untilRevision } from './client-helpers.ts';
import { type ConsoleUnderTest, startConsoleUnderTest } from './console-under-test.ts';
import { setUpGoldRush } from './gold-rush.ts';

// Exposures and tracked events on their way to the console: sent in batches by themselves, kept and
// retried with backoff while the console is unreachable, dropped and counted beyond the queue's size,
// never holding up resolve(), and sent on close().

describe('the SDK sends exposures and metric events', () => {
  let server: ConsoleUnderTest;
  let key: string;
  const clients: RuntimeClient[] = [];
  beforeAll(async () => {
    server = await startConsoleUnderTest();
    key = (await server.createRuntimeKey('dev')).key;
    await setUpGoldRush(server);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server?.close();
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

  it('sends the exposures resolve() makes, as onExposure is told them', async () => {
    const told: string[] = [];
    const client = newClient({
      events: { flushIntervalMs: 10 },
      onExposure: (exposure) => told.push(exposure.abTestId),
    });
    await client.start();
    // the revision with GOLD_RUSH's A/B-tests, so no later revision tells the players again
    const { latest } = await server.api<{ latest: number }>('/api/runtime/revision/list', {});
    await untilRevision(client, latest);
    const receipt = client.resolve({ userId: 'sent-1', context: { Platform: 'ios' }, level: 100 });
    client.resolve({ userId: 'sent-1', context: { Platform: 'ios' }, level: 100 });
    client.resolve({ userId: 'sent-2', context: { Platform: 'android' }, level: 100 });
    expect(told, JSON.stringify({ revision: client.revision, latest, receipt })).toHaveLength(2);
    await expect.poll(() => client.eventCounts).toEqual({ queued: 0, sent: 2, dropped: 0 });
  });

  it('keeps what it cannot send while the console is unreachable, drops beyond the queue, and sends the rest once it is back', async () => {
    const errors: number[] = [];
    let exposures = 0;
    const client = newClient({
      events: { maxQueue: 5, flushIntervalMs: 10 },
      onError: (error) => errors.push(error.status),
      onExposure: () => {
        exposures += 1;
      },
    });
    await client.start();
    server.cutRuntime();
    try {
      for (let index = 0; index < 8; index += 1) client.track(`offline-${index}`, 'purchase', index);
      // resolve() answers from memory meanwhile; its exposures find the queue full and are dropped too
      expect(client.resolve({ userId: 'offline-0', level: 100 }).userId).toBe('offline-0');
      expect(client.eventCounts).toEqual({ queued: 5, sent: 0, dropped: 3 + exposures });
      await expect.poll(() => errors.length).toBeGreaterThan(1);
    } finally {
      server.restoreRuntime();
    }
    await expect.poll(() => client.eventCounts).toEqual({ queued: 0, sent: 5, dropped: 3 + exposures });
    expect(errors.every((status) => status === 0)).toBe(true);
  });

  it('sends what is queued on close()', async () => {
    const client = newClient({ events: { flushIntervalMs: 60_000 } });
    await client.start();
    client.track('closing-1', 'session');
    client.track('closing-2', 'purchase', 9.99);
    expect(client.eventCounts.queued).toBe(2);
    await client.close();
    expect(client.eventCounts).toEqual({ queued: 0, sent: 2, dropped: 0 });
  });

  it('drops what is queued when the console refuses the key, stopping the client once', async () => {
    const revocable = await server.createRuntimeKey('dev', 'revoked soon');
    const stopped: number[] = [];
    const client = newClient({ key: revocable.key, events: { flushIntervalMs: 60_000 } });
    client.on('stopped', (error) => stopped.push(error.status));
    await client.start();
    await server.api('/api/runtime-keys/revoke', { id: revocable.id });
    client.track('revoked-1', 'session');
    client.track('revoked-2', 'session');
    await client.flushEvents();
    await expect.poll(() => stopped).toEqual([401]);
    expect(client.eventCounts).toEqual({ queued: 0, sent: 0, dropped: 2 });
    await client.close();
    expect(stopped).toEqual([401]);
  });

  it('refuses a bad track() at the call, naming the argument, and sends nothing with events off', async () => {
    const client = newClient({ events: { enabled: false } });
    await client.start();
    expect(() => client.track('p', 'has space')).toThrow(
      "track(): event: event may contain only letters, digits, '_', '-', '.' and ':'",
    );
    expect(() => client.track('p', 'purchase', Number.NaN)).toThrow(/^track\(\): value: /);
    client.track('p', 'purchase');
    client.resolve({ userId: 'p', context: { Platform: 'ios' } });
    expect(client.eventCounts).toEqual({ queued: 0, sent: 0, dropped: 0 });
  });
});
