import { z } from 'zod';
import { quoteInput } from '../api/quoted-input.ts';
import { Consumable, type ConsumableName } from '../enums.ts';
import { type FieldLabels, integerField, USER_ID_LABEL, userIdSchema } from './fields.ts';

// Compensation list = consumables, a map from item name to default amount.
// Decision (docs/decisions/0104): amounts are counts; for the Infinite* items the default reads the
// amount as minutes of unlimited use.
export const DEFAULT_COMPENSATION_AMOUNTS: Record<ConsumableName, number> = {
  Life: 5,
  GatheredLife: 5,
  Coin: 100,
  PreGameBooster1: 1,
  PreGameBooster2: 1,
  PreGameBooster3: 1,
  InGameBooster1: 1,
  InGameBooster2: 1,
  InGameBooster3: 1,
  InGameBooster4: 1,
  InfiniteLife: 60,
  InfinitePreGameBooster1: 60,
  InfinitePreGameBooster2: 60,
  InfinitePreGameBooster3: 60,
  InfiniteSocialBooster2: 60,
};

// In enumeration order, which is the order of the item chooser.
export const CONSUMABLE_NAMES = Object.keys(Consumable) as [ConsumableName, ...ConsumableName[]];

// Compensation Amount at least 1. Decision: at most 1,000,000, to stop a slipped finger.
export const COMPENSATION_AMOUNT_MIN = 1;
export const COMPENSATION_AMOUNT_MAX = 1_000_000;

export const consumableNameSchema = z.enum(CONSUMABLE_NAMES, {
  error: (issue) =>
    `item ${quoteInput(issue.input)} is not a consumable; choose one of ${CONSUMABLE_NAMES.join(', ')}`,
});

// ---- /api/compensation/list ----

export const compensationListResponseSchema = z.object({
  consumables: z.record(z.string(), z.number().int()),
});
export type CompensationList = z.infer<typeof compensationListResponseSchema>;

export function listCompensationConsumables(): CompensationList {
  return {
    consumables: Object.fromEntries(
      CONSUMABLE_NAMES.map((name) => [name, DEFAULT_COMPENSATION_AMOUNTS[name]]),
    ),
  };
}

// ---- /api/compensation/send/consumable ----

// The form sends one key per intended send; a retry with the same key (a double submit, an
// answer lost on the way) is answered with the first grant and never creates a second one.
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
const IDEMPOTENCY_KEY_MESSAGE = 'idempotencyKey must be 16 to 100 letters, digits, - or _';
export const idempotencyKeySchema = z
  .string({ error: 'idempotencyKey must be a text' })
  .max(100, { error: IDEMPOTENCY_KEY_MESSAGE, abort: true })
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: IDEMPOTENCY_KEY_MESSAGE });

/** The answer to a retry whose key was first sent with another player, item or amount. */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This idempotency key was already used for another grant; send again with a new key';

export const sendConsumableRequestSchema = z.object({
  userId: userIdSchema,
  item: consumableNameSchema,
  amount: integerField('amount', COMPENSATION_AMOUNT_MIN, COMPENSATION_AMOUNT_MAX),
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type SendConsumableRequest = z.infer<typeof sendConsumableRequestSchema>;
// User Compensation: the form's fields (the idempotency key is not one an operator sees).
export const SEND_CONSUMABLE_LABELS: FieldLabels<Omit<SendConsumableRequest, 'idempotencyKey'>> = {
  userId: USER_ID_LABEL,
  item: 'Item',
  amount: 'Amount',
};

/** Answer of /api/compensation/send/consumable: the stored grant. */
export const compensationGrantSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  item: z.enum(CONSUMABLE_NAMES),
  amount: z.number().int(),
  created: z.number().int().describe('UTC milliseconds'),
});
export type CompensationGrant = z.infer<typeof compensationGrantSchema>;
