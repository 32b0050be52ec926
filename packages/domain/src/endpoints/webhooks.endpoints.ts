import { defineEndpoints } from '../api/endpoint.ts';
import {
  createdWebhookSchema,
  createWebhookRequestSchema,
  redeliverWebhookRequestSchema,
  saveWebhookRequestSchema,
  webhookDeliveriesRequestSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliverySchema,
  webhookIdRequestSchema,
  webhookListResponseSchema,
  webhookSchema,
} from '../webhooks/webhook.schemas.ts';

// Webhook subscriptions are the environment's admins' (they see where its changes are announced).
export const webhooksEndpoints = defineEndpoints('webhooks', {
  list: {
    path: '/api/webhooks/list',
    access: 'admin',
    summary: "List this environment's webhook subscriptions (never their signing secrets)",
    response: webhookListResponseSchema,
  },
  create: {
    path: '/api/webhooks/create',
    access: 'admin',
    summary:
      'Create a webhook subscription. The answer holds its signing secret (whsec_...) once; deliveries are ' +
      'signed with it per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature)',
    body: createWebhookRequestSchema,
    response: createdWebhookSchema,
  },
  save: {
    path: '/api/webhooks/save',
    access: 'admin',
    summary: 'Save a subscription: name, URL, events, format, enabled (enabling clears why it was disabled)',
    body: saveWebhookRequestSchema,
    response: webhookSchema,
  },
  delete: {
    path: '/api/webhooks/delete',
    access: 'admin',
    summary: 'Delete a subscription and its delivery log; messages not yet delivered are dropped',
    body: webhookIdRequestSchema,
    response: webhookSchema,
  },
  rotate: {
    path: '/api/webhooks/rotate',
    access: 'admin',
    summary: 'Replace the signing secret; the answer holds the new one, once',
    body: webhookIdRequestSchema,
    response: createdWebhookSchema,
  },
  test: {
    path: '/api/webhooks/test',
    access: 'admin',
    summary: 'Send the test event (webhook.test) to this subscription; it appears in the delivery log',
    body: webhookIdRequestSchema,
    response: webhookDeliverySchema,
  },
  deliveries: {
    path: '/api/webhooks/deliveries',
    access: 'admin',
    summary: "The subscription's latest deliveries, newest first, each with its attempts",
    body: webhookDeliveriesRequestSchema,
    response: webhookDeliveryListResponseSchema,
  },
  redeliver: {
    path: '/api/webhooks/redeliver',
    access: 'admin',
    summary: 'Send a delivery again, with the same webhook-id and body',
    body: redeliverWebhookRequestSchema,
    response: webhookDeliverySchema,
  },
});
