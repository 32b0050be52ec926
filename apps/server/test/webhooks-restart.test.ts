import type { CreatedWebhook, WebhookDelivery } from '@console/domain/webhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../src/features/webhooks/webhook-receiver.testing.ts';
import { cloneDatabase, type ServerProcess, startServerProcess } from '../src/testing/index.ts';

// The outbox survives a crash: the console, as its own process, is killed with SIGKILL while its first
// attempt to deliver a committed change waits for the receiver's answer; started again, it delivers the
// message with the same webhook-id.

/** Caps that only guard against a hang: a dead process's lease runs out after its attempt's timeout. */
const RECOVERY_CAP_MS = 120_000;

describe('a webhook whose console was killed between commit and delivery', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let to: WebhookReceiver;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    const database = await cloneDatabase(
      inject('adminUrl'),
      inject('templateDatabase'),
      inject('databasePrefix'),
    );
    databaseUrl = database.url;
    drop = database.drop;
    to = await startWebhookReceiver();
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    await to?.close();
    await drop?.();
  });

  const startConsole = async () => {
    const server = await startServerProcess({
      databaseUrl,
      entry: inject('serverBundle'),
      env: { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' },
    });
    started.push(server);
    return server;
  };
  const call = async (server: ServerProcess, cookie: string, path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}?configuration=dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as { payload: unknown; error?: string } };
  };
  const login = async (server: ServerProcess) => {
    const response = await fetch(`${server.url}/oauth/login/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'admin@example.com' }),
    });
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };

  it('delivers it after the restart, with the same id', async () => {
    const first = await startConsole();
    const cookie = await login(first);
    const created = await call(first, cookie, '/api/webhooks/create', {
      name: 'crash',
      url: to.url,
      events: ['runtime-key.created'],
    });
    expect(created.status, created.json.error).toBe(200);
    const webhook = created.json.payload as CreatedWebhook;
    to.setSecret(webhook.secret);
    const held = to.holdNext();
    const key = await call(first, cookie, '/api/runtime-keys/create', { name: 'before the crash' });
    expect(key.status, key.json.error).toBe(200);
    // The attempt is under way (the receiver holds it unanswered): the console dies before it is recorded.
    const attempt = await held;
    await first.stop('SIGKILL');

    const second = await startConsole();
    const secondCookie = await login(second);
    await expect
      .poll(() => to.received.length, { timeout: RECOVERY_CAP_MS, interval: 500 })
      .toBeGreaterThanOrEqual(1);
    expect(to.received.map((webhook) => webhook.id)).toEqual([attempt.id]);
    expect(to.received[0]!.payload).toMatchObject({
      type: 'runtime-key.created',
      data: { name: 'before the crash', by: 'admin@example.com' },
    });
    const log = await call(second, secondCookie, '/api/webhooks/deliveries', { id: webhook.id });
    expect((log.json.payload as WebhookDelivery[]).map((delivery) => delivery.state)).toEqual(['delivered']);
  });
});
