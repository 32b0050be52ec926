import { z } from 'zod';
import { roleSchema } from '../auth.ts';

// The events a webhook subscription may want, typed and versioned: each delivery's body is one of these
// envelopes (Standard Webhooks' shape: type, timestamp, data), and a receiver tells them apart by `type`
// and `version`. A change of a payload's meaning is a new version, never an edit of version 1.

export const WEBHOOK_EVENT_TYPES = [
  'runtime.revision.published',
  'runtime-key.created',
  'runtime-key.revoked',
  'user.role.changed',
  'environment.created',
  'environment.archived',
  'environment.restored',
  'change-request.opened',
  'change-request.review-requested',
  'change-request.approved',
  'change-request.rejected',
  'change-request.scheduled',
  'change-request.applied',
  'change-request.failed',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});

/** The change-request transitions, each an event of its own. */
const CHANGE_REQUEST_EVENTS = [
  'change-request.opened',
  'change-request.review-requested',
  'change-request.approved',
  'change-request.rejected',
  'change-request.scheduled',
  'change-request.applied',
  'change-request.failed',
] as const satisfies readonly WebhookEventType[];

const byField = { by: z.string().describe('Who made the change (e-mail)') };

/** What each event's `data` holds (version 1). */
export const WEBHOOK_EVENT_DATA = {
  'runtime.revision.published': z.object({
    revision: z.number().int(),
    author: z.string(),
    changes: z.object({
      plugins: z.array(z.string()),
      abTests: z.array(z.string()),
      configurations: z.array(z.string()).describe('"<kind>:<id>"'),
    }),
    url: z.string().describe("The revision's diff page in the console"),
  }),
  'runtime-key.created': z.object({ name: z.string(), ...byField }),
  'runtime-key.revoked': z.object({ name: z.string(), ...byField }),
  'user.role.changed': z.object({
    user: z.string(),
    scope: z.enum(['environment', 'console']),
    before: roleSchema.nullable(),
    role: roleSchema.nullable(),
    ...byField,
  }),
  'environment.created': z.object({ environment: z.string(), ...byField }),
  'environment.archived': z.object({ environment: z.string(), ...byField }),
  'environment.restored': z.object({ environment: z.string(), ...byField }),
  ...(Object.fromEntries(
    CHANGE_REQUEST_EVENTS.map((type) => [
      type,
      z.object({
        changeRequest: z.string().describe("The change request's id"),
        url: z.string().describe('/change-requests/{id} in the console'),
        ...byField,
      }),
    ]),
  ) as Record<
    (typeof CHANGE_REQUEST_EVENTS)[number],
    z.ZodObject<{ changeRequest: z.ZodString; url: z.ZodString; by: z.ZodString }>
  >),
  'webhook.test': z.object({ subscription: z.string(), ...byField }),
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.output<(typeof WEBHOOK_EVENT_DATA)[T]>;

/** The version every event type has today. */
export const WEBHOOK_EVENT_VERSION = 1;

const envelopeOf = <T extends WebhookEventType>(type: T) =>
  z.object({
    type: z.literal(type),
    version: z.literal(WEBHOOK_EVENT_VERSION),
    timestamp: z.string().describe('ISO 8601, UTC: when the change committed'),
    environment: z.string().nullable().describe('The environment, null for a console-wide event'),
    data: WEBHOOK_EVENT_DATA[type],
  });

/** Every event's envelope, one per type: the body of a Standard Webhooks delivery. */
export const WEBHOOK_EVENT_SCHEMAS = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [type, envelopeOf(type)]),
) as { [T in WebhookEventType]: ReturnType<typeof envelopeOf<T>> };

export const webhookEventSchema = z.discriminatedUnion(
  'type',
  WEBHOOK_EVENT_TYPES.map((type) => WEBHOOK_EVENT_SCHEMAS[type]) as unknown as [
    ReturnType<typeof envelopeOf<WebhookEventType>>,
    ...ReturnType<typeof envelopeOf<WebhookEventType>>[],
  ],
);
export type WebhookEvent = {
  [T in WebhookEventType]: {
    type: T;
    version: typeof WEBHOOK_EVENT_VERSION;
    timestamp: string;
    environment: string | null;
    data: WebhookEventData<T>;
  };
}[WebhookEventType];

/**
 * Which audited action announces which event. Change requests' actions are named here before they exist
 * (they are texts, not yet members of the audit union), so the events follow once they are written.
 * A revision published is not an audit action: it follows from the actions that publish
 * (AUDIT_RUNTIME_EFFECTS) when the transaction wrote a revision.
 */
export const WEBHOOK_EVENT_BY_AUDIT_ACTION: Readonly<Record<string, WebhookEventType>> = {
  'runtime-key.create': 'runtime-key.created',
  'runtime-key.revoke': 'runtime-key.revoked',
  'user.role.set': 'user.role.changed',
  'environment.create': 'environment.created',
  'environment.archive': 'environment.archived',
  'environment.restore': 'environment.restored',
  'change-request.open': 'change-request.opened',
  'change-request.request-review': 'change-request.review-requested',
  'change-request.approve': 'change-request.approved',
  'change-request.reject': 'change-request.rejected',
  'change-request.schedule': 'change-request.scheduled',
  'change-request.apply': 'change-request.applied',
  'change-request.fail': 'change-request.failed',
  'webhook.test': 'webhook.test',
};

/** The event an audited action announces, or null. */
export const webhookEventOfAuditAction = (action: string): WebhookEventType | null =>
  Object.hasOwn(WEBHOOK_EVENT_BY_AUDIT_ACTION, action) ? WEBHOOK_EVENT_BY_AUDIT_ACTION[action]! : null;

/**
 * Events about the console as a whole (environments' lifecycle, console-wide roles) reach the
 * subscriptions of every environment that want them; the others, the subscriptions of their environment.
 */
export const CONSOLE_WIDE_WEBHOOK_EVENTS: readonly WebhookEventType[] = [
  'environment.created',
  'environment.archived',
  'environment.restored',
];

/** The console's link to a revision's diff, and to a change request (paths of the web app). */
export const revisionDiffPath = (environment: string, revision: number) =>
  `/security/revisions?configuration=${encodeURIComponent(environment)}&revision=${revision}`;
export const changeRequestPath = (id: string) => `/change-requests/${encodeURIComponent(id)}`;

/** A one-line summary of an event, in the product's words (the Slack message's text). */
export function describeWebhookEvent(event: WebhookEvent, consoleUrl: string): string {
  const where = event.environment === null ? '' : ` in ${event.environment}`;
  switch (event.type) {
    case 'runtime.revision.published': {
      const { changes } = event.data;
      const parts = [
        changes.plugins.length ? `plugins ${changes.plugins.join(', ')}` : null,
        changes.abTests.length ? `A/B-tests ${changes.abTests.join(', ')}` : null,
        changes.configurations.length ? `configurations ${changes.configurations.join(', ')}` : null,
      ].filter((part) => part !== null);
      const changed = parts.length ? `: ${parts.join('; ')}` : '';
      return `Revision ${event.data.revision} published${where} by ${event.data.author}${changed} (${consoleUrl}${event.data.url})`;
    }
    case 'runtime-key.created':
      return `Runtime key '${event.data.name}' created${where} by ${event.data.by}`;
    case 'runtime-key.revoked':
      return `Runtime key '${event.data.name}' revoked${where} by ${event.data.by}`;
    case 'user.role.changed':
      return `Role of ${event.data.user} changed from ${event.data.before ?? 'none'} to ${event.data.role ?? 'none'}${event.data.scope === 'console' ? ' console-wide' : where} by ${event.data.by}`;
    case 'environment.created':
    case 'environment.archived':
    case 'environment.restored':
      return `Environment ${event.data.environment} ${event.type.slice('environment.'.length)} by ${event.data.by}`;
    case 'webhook.test':
      return `Test event of the webhook '${event.data.subscription}'${where}, sent by ${event.data.by}`;
    default:
      return `Change request ${event.data.changeRequest}${where}: ${event.type.slice('change-request.'.length).replace('-', ' ')} by ${event.data.by} (${consoleUrl}${event.data.url})`;
  }
}
