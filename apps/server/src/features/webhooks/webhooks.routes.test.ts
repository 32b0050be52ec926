import { PluginId } from '@console/domain/enums';
import { pluginNameOf } from '@console/domain/operations';
import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookEvent } from '@console/domain/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { buildTestApp } from '../../testing/index.ts';
import { pruneRevisions, sqlOf } from '../publishing/part.store.ts';
import { webhookOutboxStep } from './webhook-outbox.service.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.testing.ts';

// Webhooks over HTTP with real receivers on loopback ports, each delivery's signature verified with
// standardwebhooks' own verify: what arrives, in which order, how often; retries, the Slack format, the
// test event and its log, redelivery, two replicas, and the address checked again at delivery.

const PRIVATE = { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' };
/** Short retries, so a test waits for events rather than for the product's minutes. */
const QUICK_RETRIES = {
  retryScheduleSeconds: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3],
  sweepIntervalMs: 500,
};

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});
async function receiver(answer?: string) {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

describe('webhooks', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(PRIVATE, { jobs: true, webhooks: QUICK_RETRIES });
    cookie = await t.login('admin@example.com');
  });

  const call = async (path: string, body?: unknown) => {
    const response = await t.post(`/api/webhooks/${path}?configuration=dev`, body, cookie);
    return response;
  };
  async function subscribe(to: WebhookReceiver, fields: Record<string, unknown>): Promise<CreatedWebhook> {
    const response = await call('create', { name: 'ci', url: to.url, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json().payload as CreatedWebhook;
    to.setSecret(created.secret);
    return created;
  }
  const deliveries = async (id: string) =>
    (await call('deliveries', { id })).json().payload as WebhookDelivery[];
  const createKey = async (name: string) => {
    const response = await t.post('/api/runtime-keys/create?configuration=dev', { name }, cookie);
    expect(response.statusCode, response.body).toBe(200);
  };

  it('answers the signing secret once, and never lists it or writes it to the audit log', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'secret once', events: ['webhook.test', 'webhook.test'] });
    expect(created.events).toEqual(['webhook.test']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const listed = await call('list');
    expect(listed.body).not.toContain(created.secret);
    expect((listed.json().payload as Webhook[]).map((webhook) => webhook.name)).toContain('secret once');
    const entries = await t.auditEntries(cookie);
    const entry = entries.find((candidate) => candidate.action === 'webhook.create');
    expect(entry?.attributes).toMatchObject({ name: 'secret once', url: new URL(to.url).origin });
    expect(JSON.stringify(entries)).not.toContain(created.secret);
    expect(JSON.stringify(entries)).not.toContain('/hooks');
  });

  it('delivers a publish once, signed, with the revision, its author, what changed and a link', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'publishes', events: ['runtime.revision.published'] });
    const saved = await t.post('/api/release/kv/set?configuration=dev', { keyValue: 'webhooks=1;' }, cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(async () => (await deliveries(created.id))[0]?.state).toBe('delivered');
    expect(to.received).toHaveLength(1);
    const event = to.received[0]!.payload as WebhookEvent;
    const revisions = await t.post('/api/runtime/revision/list?configuration=dev', {}, cookie);
    const latest = revisions.json().payload.latest as number;
    expect(latest).toBeGreaterThan(0);
    expect(event).toMatchObject({
      type: 'runtime.revision.published',
      version: 1,
      environment: 'dev',
      data: {
        revision: latest,
        author: 'admin@example.com',
        // A key-value change of the release info: no plugin, A/B-test or configuration changed.
        changes: { plugins: [], abTests: [], configurations: [] },
        url: `/security/revisions?configuration=dev&revision=${latest}`,
      },
    });
    expect(to.received[0]!.id).toBe((await deliveries(created.id))[0]!.id);
    expect(to.refused).toEqual([]);
    // The list answers each subscription's latest attempt with it.
    const listed = ((await call('list')).json().payload as Webhook[]).find((hook) => hook.id === created.id);
    expect(listed!.lastDelivery).toMatchObject({ status: 200, isSuccess: true });
    expect(listed!.lastDelivery!.at).toBe((await deliveries(created.id))[0]!.attempts[0]!.at);
  });

  it('summarises a revision whose predecessor retention deleted before its first attempt', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'pruned', events: ['runtime.revision.published'] });
    const activate = async (active: boolean) => {
      const response = await t.post(
        '/api/plugin/activate?configuration=dev',
        { pluginId: PluginId.AGILITY_RACE, active },
        cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    await activate(false);
    // Another process holds the subscription's delivery: nothing is sent until it lets go.
    const sql = sqlOf(t.app.db);
    await sql(`UPDATE "webhook_subscription" SET "lease_until" = now() + interval '1 hour' WHERE "id" = $1`, [
      created.id,
    ]);
    await activate(true);
    const revisions = await t.post('/api/runtime/revision/list?configuration=dev', {}, cookie);
    const latest = revisions.json().payload.latest as number;
    // Retention keeps the latest alone: the revision before it is gone.
    expect(await pruneRevisions(sql, 'dev', latest)).toBeGreaterThan(0);
    await sql(`UPDATE "webhook_subscription" SET "lease_until" = NULL WHERE "id" = $1`, [created.id]);
    // The next publish's job delivers everything pending, in order.
    await t.post('/api/release/kv/set?configuration=dev', { keyValue: 'pruned=1;' }, cookie);
    await expect
      .poll(async () => (await deliveries(created.id)).every((delivery) => delivery.state === 'delivered'))
      .toBe(true);
    const announced = to.received.map((webhook) => webhook.payload as WebhookEvent);
    expect(
      announced.find((event) => 'revision' in event.data && event.data.revision === latest),
    ).toMatchObject({
      data: { changes: { plugins: [pluginNameOf(PluginId.AGILITY_RACE)], abTests: [], configurations: [] } },
    });
  });

  it('announces nothing of a transaction that rolled back', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'rollbacks', events: ['runtime-key.created'] });
    const step = webhookOutboxStep();
    const entry = {
      id: 0,
      environmentId: 'dev',
      action: 'runtime-key.create',
      email: 'admin@example.com',
      target: 'rolled-back',
      attributes: { name: 'rolled back' },
    };
    await expect(
      runInTransaction(t.app.db, async (tx) => {
        await step(tx, [entry]);
        throw new Error('the change fails after its outbox was written');
      }),
    ).rejects.toThrow('the change fails');
    await createKey('committed');
    await expect.poll(async () => (await deliveries(created.id))[0]?.state).toBe('delivered');
    // The rolled-back message would have been first in the subscription's order.
    expect(to.received.map((webhook) => (webhook.payload as { data: { name: string } }).data.name)).toEqual([
      'committed',
    ]);
    expect(await deliveries(created.id)).toHaveLength(1);
  });

  it('delivers a committed message nobody was notified of', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'unheard', events: ['webhook.test'] });
    const event: WebhookEvent = {
      type: 'webhook.test',
      version: 1,
      timestamp: new Date().toISOString(),
      environment: 'dev',
      data: { subscription: 'unheard', by: 'admin@example.com' },
    };
    // Written as the outbox writes it, but committed with no notification (no worker listened then).
    await sqlOf(t.app.db)(
      `INSERT INTO "webhook_message" ("id", "subscription_id", "type", "event", "environment_id", "state")
       VALUES ('msg_unheard', $1, 'webhook.test', $2::jsonb, 'dev', 'pending')`,
      [created.id, JSON.stringify(event)],
    );
    // The sweep finds it: due for a sweep interval, nobody delivering.
    await expect.poll(async () => (await deliveries(created.id))[0]?.state).toBe('delivered');
    expect(to.received.map((webhook) => webhook.id)).toEqual(['msg_unheard']);
  });

  it('delivers everything, in order and with the same ids, once a receiver that was down is up', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'down then up', events: ['runtime-key.created'] });
    await to.down();
    for (const name of ['first', 'second', 'third']) await createKey(name);
    await expect
      .poll(async () => (await deliveries(created.id)).at(-1)?.attempts.length ?? 0)
      .toBeGreaterThanOrEqual(2);
    await to.up();
    await expect
      .poll(async () => (await deliveries(created.id)).every((delivery) => delivery.state === 'delivered'))
      .toBe(true);
    const log = await deliveries(created.id);
    expect(to.received.map((webhook) => (webhook.payload as { data: { name: string } }).data.name)).toEqual([
      'first',
      'second',
      'third',
    ]);
    // Newest first in the log; the receiver saw each id once, the first after failed attempts.
    expect(to.received.map((webhook) => webhook.id)).toEqual(log.map((delivery) => delivery.id).reverse());
    const first = log.at(-1)!;
    expect(first.attempts[0]).toMatchObject({ isSuccess: true, status: 200, response: 'received' });
    expect(first.attempts.slice(1).every((attempt) => !attempt.isSuccess && attempt.status === null)).toBe(
      true,
    );
  });

  it('sends a Slack message that a Slack-shaped receiver accepts', async () => {
    const slack = await receiver('ok');
    const created = await subscribe(slack, {
      name: 'slack',
      events: ['runtime-key.created'],
      format: 'slack',
    });
    await createKey('for slack');
    await expect.poll(async () => (await deliveries(created.id))[0]?.state).toBe('delivered');
    expect(slack.received[0]!.headers['content-type']).toBe('application/json');
    expect(slack.received[0]!.payload).toEqual({
      text: "Runtime key 'for slack' created in dev by admin@example.com",
    });
    expect((await deliveries(created.id))[0]!.attempts[0]!.response).toBe('ok');
  });

  it('sends the test event, logs it, and redelivers it with the same id', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'tested', events: ['runtime-key.created'] });
    const sent = await call('test', { id: created.id });
    expect(sent.statusCode, sent.body).toBe(200);
    const delivery = sent.json().payload as WebhookDelivery;
    expect(delivery).toMatchObject({ type: 'webhook.test', state: 'pending', attempts: [] });
    await expect.poll(async () => (await deliveries(created.id))[0]?.state).toBe('delivered');
    expect(to.received[0]!.payload).toMatchObject({
      type: 'webhook.test',
      data: { subscription: 'tested', by: 'admin@example.com' },
    });
    const again = await call('redeliver', { id: created.id, delivery: delivery.id });
    expect(again.statusCode, again.body).toBe(200);
    await expect.poll(() => to.received.length).toBe(2);
    expect(to.received.map((webhook) => webhook.id)).toEqual([delivery.id, delivery.id]);
    await expect.poll(async () => (await deliveries(created.id))[0]?.attempts.length).toBe(2);
    const missing = await call('redeliver', { id: created.id, delivery: 'msg_unknown' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("Delivery 'msg_unknown' of webhook 'tested' not found");
  });

  it('delivers each event once, in order, when two replicas run the workers', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'replicas', events: ['runtime-key.created'] });
    const other = await buildTestApp(t.servingUrl, PRIVATE, { jobs: true, webhooks: QUICK_RETRIES });
    try {
      await other.ready();
      const names = Array.from({ length: 12 }, (_, n) => `replica ${n}`);
      for (const name of names) await createKey(name);
      await expect
        .poll(async () => (await deliveries(created.id)).filter((d) => d.state === 'delivered').length)
        .toBe(12);
      expect(to.received.map((webhook) => (webhook.payload as { data: { name: string } }).data.name)).toEqual(
        names,
      );
      expect(new Set(to.received.map((webhook) => webhook.id)).size).toBe(12);
    } finally {
      await other.close();
    }
  });

  it("announces an environment's creation to the subscriptions of every environment", async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'lifecycle', events: ['environment.created'] });
    const saved = await t.post(
      '/api/configuration/save',
      { configurationId: 'hooks-qa', description: 'QA' },
      cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(async () => (await deliveries(created.id))[0]?.state).toBe('delivered');
    expect(to.received[0]!.payload).toMatchObject({
      type: 'environment.created',
      environment: 'hooks-qa',
      data: { environment: 'hooks-qa', by: 'admin@example.com' },
    });
  });

  it('announces a role changed and a runtime key revoked', async () => {
    const to = await receiver();
    const created = await subscribe(to, {
      name: 'security',
      events: ['user.role.changed', 'runtime-key.revoked'],
    });
    await t.login('someone@example.com');
    const role = await t.post(
      '/api/users/role/set',
      { email: 'someone@example.com', environment: 'dev', role: 'operator' },
      cookie,
    );
    expect(role.statusCode, role.body).toBe(200);
    const key = (
      await t.post('/api/runtime-keys/create?configuration=dev', { name: 'to revoke' }, cookie)
    ).json().payload as { id: string };
    const revoked = await t.post('/api/runtime-keys/revoke?configuration=dev', { id: key.id }, cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    await expect
      .poll(async () => (await deliveries(created.id)).filter((d) => d.state === 'delivered').length)
      .toBe(2);
    expect(to.received.map((webhook) => webhook.payload)).toMatchObject([
      {
        type: 'user.role.changed',
        environment: 'dev',
        data: { scope: 'environment', role: 'operator', by: 'admin@example.com' },
      },
      {
        type: 'runtime-key.revoked',
        environment: 'dev',
        data: { name: 'to revoke', by: 'admin@example.com' },
      },
    ]);
  });

  it('follows no redirect: the attempt fails and says so', async () => {
    const redirecting = await receiver();
    const created = await subscribe(redirecting, { name: 'redirected', events: ['webhook.test'] });
    redirecting.redirectTo('http://169.254.169.254/latest/meta-data');
    await call('test', { id: created.id });
    await expect.poll(async () => (await deliveries(created.id))[0]?.attempts[0]?.status).toBe(302);
    expect((await deliveries(created.id))[0]!.attempts[0]).toMatchObject({
      isSuccess: false,
      response: 'moved (redirects are not followed)',
    });
    await call('delete', { id: created.id });
  });

  it('refuses at delivery an address that private networks being allowed let through at save', async () => {
    const to = await receiver();
    const created = await subscribe(to, { name: 'checked at delivery', events: ['webhook.test'] });
    // A replica without WEBHOOKS_ALLOW_PRIVATE_NETWORKS delivers the test event: it checks again.
    const strict = await buildTestApp(t.servingUrl, {}, { jobs: true, webhooks: QUICK_RETRIES });
    try {
      await t.app.jobs.stop();
      await strict.ready();
      await call('test', { id: created.id });
      await expect
        .poll(async () => (await deliveries(created.id))[0]?.attempts.length ?? 0)
        .toBeGreaterThan(0);
      expect((await deliveries(created.id))[0]!.attempts[0]).toMatchObject({
        isSuccess: false,
        status: null,
        response: expect.stringMatching(
          /^url must reach a public address: 127\.0\.0\.1 resolves to 127\.0\.0\.1/,
        ),
      });
      expect(to.received).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('refuses unknown subscriptions and bad fields with their names, changing nothing', async () => {
    const unknown = await call('test', { id: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("Webhook 'nope' not found");
    const noEvents = await call('create', { name: 'x', url: 'https://example.com/', events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().error).toContain('events');
    const badEvent = await call('create', { name: 'x', url: 'https://example.com/', events: ['nope'] });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().error).toContain('events');
  });
});
