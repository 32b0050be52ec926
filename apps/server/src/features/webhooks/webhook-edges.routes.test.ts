import {
  type CreatedWebhook,
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookDelivery,
} from '@console/domain/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.testing.ts';

// Webhooks' edges over HTTP: the URLs refused at save, a subscription disabled once its schedule is
// spent, the OpenAPI document's webhooks section, and no signing secret in the log.

const PRIVATE = { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' };

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});
async function receiver(answer?: string) {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

describe('webhooks in the OpenAPI document and the logs', () => {
  it('lists every event type in the webhooks section, with its typed body and the signature headers', async () => {
    const t = await createTestApp();
    const document = (await t.request({ method: 'GET', url: '/docs/json' })).json() as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    };
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const operation = document.webhooks[type]!.post as unknown as {
        parameters: { name: string }[];
        requestBody: { content: { 'application/json': { schema: { properties: { type: unknown } } } } };
      };
      expect(operation.requestBody.content['application/json'].schema.properties.type).toMatchObject({
        const: type,
      });
      expect(operation.parameters.map((parameter) => parameter.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
    }
  });

  it('never logs the signing secret', async () => {
    const lines: string[] = [];
    const t = await createTestApp(PRIVATE, {
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
    const cookie = await t.login('admin@example.com');
    const to = await receiver();
    const created = await t.post(
      '/api/webhooks/create?configuration=dev',
      { name: 'logged', url: to.url, events: ['webhook.test'] },
      cookie,
    );
    const { secret, id } = created.json().payload as CreatedWebhook;
    await t.post('/api/webhooks/rotate?configuration=dev', { id }, cookie);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(secret.slice('whsec_'.length));
    expect(lines.join('\n')).not.toContain('whsec_');
  });
});

describe('webhook URLs', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('admin@example.com');
  });

  it.each([
    'http://example.com/hooks',
    'https://127.0.0.1/hooks',
    'https://localhost/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    'https://[::ffff:a9fe:a9fe]/hooks',
    'https://[fd00:ec2::254]/hooks',
    'https://[fe80::1]/hooks',
    'https://10.1.2.3/hooks',
    'https://172.16.0.1/hooks',
    'https://192.168.1.1/hooks',
    'https://100.64.0.1/hooks',
    'https://0.0.0.0/hooks',
    'https://224.0.0.1/hooks',
    'https://user:password@example.com/hooks',
    'ftp://example.com/hooks',
  ])('refuses %s with a 400 naming url', async (url) => {
    const response = await t.post(
      '/api/webhooks/create?configuration=dev',
      { name: 'hostile', url, events: ['webhook.test'] },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatch(/^url\b/);
  });

  it('kept none of them', async () => {
    const listed = await t.post('/api/webhooks/list?configuration=dev', undefined, cookie);
    expect(listed.json().payload).toEqual([]);
  });
});

describe('a subscription failing for its whole schedule', () => {
  it('is disabled, with its reason visible to admins', async () => {
    const t = await createTestApp(PRIVATE, {
      jobs: true,
      webhooks: { retryScheduleSeconds: [0.1, 0.1], sweepIntervalMs: 500 },
    });
    const cookie = await t.login('admin@example.com');
    const to = await receiver();
    await to.down();
    const created = (
      await t.post(
        '/api/webhooks/create?configuration=dev',
        { name: 'failing', url: to.url, events: ['webhook.test'] },
        cookie,
      )
    ).json().payload as CreatedWebhook;
    await t.post('/api/webhooks/test?configuration=dev', { id: created.id }, cookie);
    const list = async () =>
      (await t.post('/api/webhooks/list?configuration=dev', undefined, cookie)).json().payload as Webhook[];
    await expect.poll(async () => (await list())[0]?.enabled).toBe(false);
    expect((await list())[0]!.disabledReason).toMatch(
      /^Disabled after 3 failed attempts over about a day; the last one: /,
    );
    const log = (
      await t.post('/api/webhooks/deliveries?configuration=dev', { id: created.id }, cookie)
    ).json().payload as WebhookDelivery[];
    expect(log[0]).toMatchObject({ state: 'failed' });
    expect(log[0]!.attempts).toHaveLength(3);
    const entries = await t.auditEntries(cookie);
    expect(entries.find((entry) => entry.action === 'webhook.disable')).toMatchObject({
      email: 'console',
      target: created.id,
    });
  });
});
