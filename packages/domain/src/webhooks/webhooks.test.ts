import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  createWebhookRequestSchema,
  describeWebhookEvent,
  nextWebhookRetrySeconds,
  WEBHOOK_EVENT_BY_AUDIT_ACTION,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  type WebhookEvent,
  webhookEventOfAuditAction,
  webhookEventSchema,
} from './index.ts';

describe('webhook rules', () => {
  it('retries on the schedule for about a day, then gives up', () => {
    expect(nextWebhookRetrySeconds(1)).toBe(60);
    expect(nextWebhookRetrySeconds(6)).toBe(43_200);
    expect(nextWebhookRetrySeconds(7)).toBeNull();
    const hours = WEBHOOK_RETRY_SCHEDULE_SECONDS.reduce((sum, seconds) => sum + seconds, 0) / 3600;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThanOrEqual(24);
    expect(nextWebhookRetrySeconds(2, [0.1, 0.2])).toBe(0.2);
    expect(nextWebhookRetrySeconds(3, [0.1, 0.2])).toBeNull();
  });

  it('maps audit actions to event types, and every event but the revision published has one', () => {
    for (const type of Object.values(WEBHOOK_EVENT_BY_AUDIT_ACTION))
      expect(WEBHOOK_EVENT_TYPES).toContain(type);
    const mapped = new Set(Object.values(WEBHOOK_EVENT_BY_AUDIT_ACTION));
    expect(WEBHOOK_EVENT_TYPES.filter((type) => !mapped.has(type))).toEqual(['runtime.revision.published']);
    expect(webhookEventOfAuditAction('change-request.apply')).toBe('change-request.applied');
    expect(webhookEventOfAuditAction('config.save')).toBeNull();
    expect(webhookEventOfAuditAction('constructor')).toBeNull();
  });

  it.each([
    ['https://hooks.example.com/x', false, null],
    ['http://hooks.example.com/x', false, 'url must be an https:// URL'],
    ['http://127.0.0.1:4000/x', true, null],
    ['https://user:secret@hooks.example.com/', false, 'url must not hold a user name or password'],
    ['hooks.example.com/x', false, 'url must be an absolute URL'],
    ['ftp://hooks.example.com/x', true, 'url must be an https:// URL'],
  ])('checks the URL %s (private networks allowed: %s)', (url, allowPrivateNetworks, problem) => {
    expect(checkWebhookUrl(url, { allowPrivateNetworks })).toBe(problem);
  });

  it('bounds a subscription and refuses one without events', () => {
    const valid = { name: 'ci hooks', url: 'https://hooks.example.com/', events: ['webhook.test'] };
    expect(createWebhookRequestSchema.parse(valid)).toMatchObject({ format: 'standard', enabled: true });
    expect(createWebhookRequestSchema.safeParse({ ...valid, events: [] }).success).toBe(false);
    expect(
      createWebhookRequestSchema.safeParse({ ...valid, url: `https://x.example/${'a'.repeat(2_000)}` })
        .success,
    ).toBe(false);
    expect(createWebhookRequestSchema.safeParse({ ...valid, format: 'teams' }).success).toBe(false);
  });

  it('parses each envelope by its type and version, and words it for Slack', () => {
    const event: WebhookEvent = {
      type: 'runtime.revision.published',
      version: 1,
      timestamp: '2026-12-04T18:00:00.000Z',
      environment: 'prod',
      data: {
        revision: 42,
        author: 'ops@example.com',
        changes: { plugins: ['DUEL'], abTests: [], configurations: ['ar:spring'] },
        url: '/security/revisions?configuration=prod&revision=42',
      },
    };
    expect(webhookEventSchema.parse(event)).toEqual(event);
    expect(webhookEventSchema.safeParse({ ...event, version: 2 }).success).toBe(false);
    expect(webhookEventSchema.safeParse({ ...event, type: 'runtime-key.created' }).success).toBe(false);
    expect(describeWebhookEvent(event, 'https://console.example.com')).toBe(
      'Revision 42 published in prod by ops@example.com: plugins DUEL; configurations ar:spring ' +
        '(https://console.example.com/security/revisions?configuration=prod&revision=42)',
    );
  });
});
