import { z } from 'zod';
import { boundedArray } from '../api/bounded.ts';
import { visibleIdentifier } from '../api/identifier-text.ts';
import { WEBHOOK_EVENT_TYPES, webhookEventTypeSchema } from './webhook-events.ts';

// Webhook subscriptions of an environment, managed by its admins: where the console sends which events,
// in which format, and the log of each delivery's attempts.

export const WEBHOOK_NAME_MAX_LENGTH = 64;
export const WEBHOOK_URL_MAX_LENGTH = 2_000;
/** An environment holds at most this many subscriptions (each event is written once per subscription). */
export const WEBHOOK_SUBSCRIPTION_LIMIT = 50;
/** The first kilobyte of a receiver's answer is kept with each attempt. */
export const WEBHOOK_RESPONSE_KEPT_BYTES = 1_024;
export const WEBHOOK_DELIVERY_PAGE_LIMIT = 100;

/** `standard`: Standard Webhooks JSON, signed; `slack`: a Slack incoming-webhook message. */
export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const webhookFormatSchema = z.enum(WEBHOOK_FORMATS, {
  error: `format must be one of ${WEBHOOK_FORMATS.join(', ')}`,
});

const WEBHOOK_NAME_PATTERN = /^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$/;

const nameSchema = visibleIdentifier(
  z
    .string({ error: 'name must be a text' })
    .trim()
    .min(1, { error: 'name must not be empty' })
    .max(WEBHOOK_NAME_MAX_LENGTH, {
      error: `name must be at most ${WEBHOOK_NAME_MAX_LENGTH} characters`,
      abort: true,
    })
    .regex(WEBHOOK_NAME_PATTERN, {
      error: 'name may contain only letters, digits, - and _, in words separated by single spaces',
    }),
  'name',
);

/**
 * The URL's own rule (the server checks where it resolves to, after DNS): a URL without credentials,
 * https unless private networks are allowed (then http too, for a receiver on this machine).
 */
export function checkWebhookUrl(url: string, options: { allowPrivateNetworks: boolean }): string | null {
  if (!URL.canParse(url)) return 'url must be an absolute URL';
  const parsed = new URL(url);
  const schemes = options.allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) return 'url must be an https:// URL';
  if (parsed.username !== '' || parsed.password !== '') return 'url must not hold a user name or password';
  if (parsed.hostname === '') return 'url must name a host';
  return null;
}

const urlSchema = z
  .string({ error: 'url must be a text' })
  .trim()
  .min(1, { error: 'url must not be empty' })
  .max(WEBHOOK_URL_MAX_LENGTH, {
    error: `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
    abort: true,
  })
  // The scheme is checked by the server with its setting (checkWebhookUrl); the syntax here.
  .refine((url) => checkWebhookUrl(url, { allowPrivateNetworks: true }) === null, {
    error: (issue) =>
      checkWebhookUrl(String(issue.input), { allowPrivateNetworks: true }) ?? 'url is invalid',
  });

const eventsSchema = boundedArray(webhookEventTypeSchema, WEBHOOK_EVENT_TYPES.length, {
  error: 'events must be a list of event types',
}).refine((events) => events.length > 0, { error: 'events must name at least one event type' });

const idSchema = z
  .string({ error: 'id must be a text' })
  .min(1, { error: 'id must not be empty' })
  .max(100, { error: 'id must be at most 100 characters' });

export const createWebhookRequestSchema = z.object({
  name: nameSchema,
  url: urlSchema,
  events: eventsSchema,
  format: webhookFormatSchema.default('standard'),
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/** Saving replaces every field; enabling a disabled subscription clears why it was disabled. */
export const saveWebhookRequestSchema = createWebhookRequestSchema.extend({ id: idSchema });
export type SaveWebhookRequest = z.infer<typeof saveWebhookRequestSchema>;

export const webhookIdRequestSchema = z.object({ id: idSchema });
export type WebhookIdRequest = z.infer<typeof webhookIdRequestSchema>;

/** A subscription's latest attempt to deliver any of its messages, as its list shows it. */
export const webhookLastDeliverySchema = z.object({
  at: z.number().int().describe('UTC milliseconds'),
  /** The receiver's HTTP status, null when none came (refused, timed out, address not allowed). */
  status: z.number().int().nullable(),
  isSuccess: z.boolean(),
});
export type WebhookLastDelivery = z.infer<typeof webhookLastDeliverySchema>;

/** A subscription as listed: never its secret. */
export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  format: webhookFormatSchema,
  enabled: z.boolean(),
  /** Why the console disabled it (deliveries failing for a day), null when it did not. */
  disabledReason: z.string().nullable(),
  disabledAt: z.number().int().nullable().describe('UTC milliseconds'),
  created: z.number().int().describe('UTC milliseconds'),
  createdBy: z.string(),
  /** Its latest attempt, null before the first. */
  lastDelivery: webhookLastDeliverySchema.nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListResponseSchema = z.array(webhookSchema);

/** Answer of create and rotate: the only time the signing secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().describe('whsec_<base64>: the signing secret, shown once; store it now'),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveriesRequestSchema = z.object({
  id: idSchema,
  limit: z.number().int().min(1).max(WEBHOOK_DELIVERY_PAGE_LIMIT).default(WEBHOOK_DELIVERY_PAGE_LIMIT),
});
export type WebhookDeliveriesRequest = z.infer<typeof webhookDeliveriesRequestSchema>;

/** One attempt to deliver a message. */
export const webhookAttemptSchema = z.object({
  at: z.number().int().describe('UTC milliseconds'),
  /** The receiver's HTTP status, null when none came (refused, timed out, address not allowed). */
  status: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The first kilobyte of the answer, or why there was none. */
  response: z.string(),
  isSuccess: z.boolean(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One event sent to one subscription (its webhook-id), with its attempts, newest first. */
export const webhookDeliverySchema = z.object({
  id: z.string().describe('The webhook-id header: the same on every attempt'),
  type: webhookEventTypeSchema,
  created: z.number().int().describe('UTC milliseconds'),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListResponseSchema = z.array(webhookDeliverySchema);

export const redeliverWebhookRequestSchema = z.object({
  id: idSchema.describe("The subscription's id"),
  delivery: z
    .string({ error: 'delivery must be a text' })
    .min(1, { error: 'delivery must not be empty' })
    .max(100, { error: 'delivery must be at most 100 characters' }),
});
export type RedeliverWebhookRequest = z.infer<typeof redeliverWebhookRequestSchema>;
