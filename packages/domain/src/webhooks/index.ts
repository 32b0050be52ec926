// Webhooks: subscriptions, their typed and versioned events, and the delivery rules.
export * from './webhook.schemas.ts';
export * from './webhook-events.ts';
export * from './webhook-retry.ts';
