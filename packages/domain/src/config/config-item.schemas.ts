import { z } from 'zod';
import {
  ABTEST_DESCRIPTION_MAX_LENGTH,
  ABTEST_ID_MAX_LENGTH,
  sanitizeAbTestId,
} from '../abtest/abtest-id.ts';
import { unreservedIdentifier } from '../api/identifier-text.ts';
import {
  ACTIVATION_LABELS,
  activationSettingsSchema,
  MAX_ACTIVATION_DURATION_SECONDS,
} from './activation.schemas.ts';
import { type ConfigDataSchemaOf, configDataSchema, configDataSchemaOf } from './config-data.schemas.ts';
import { booleanField } from './config-fields.ts';
import { type ConfigKindId, findConfigKind } from './config-kinds.ts';

// Shared configuration form and Configuration item: id, description, activation settings,
// active flag and the kind's data (created, modified and lastModifier are the server's).

export const CONFIG_ITEM_LABELS = {
  id: 'Configuration ID',
  description: 'Description',
  active: 'Active',
} as const;

// ID max 36, description max 100 (the A/B-test limits).
export const CONFIG_ID_MAX_LENGTH = ABTEST_ID_MAX_LENGTH;
export const CONFIG_DESCRIPTION_MAX_LENGTH = ABTEST_DESCRIPTION_MAX_LENGTH;

/** A configuration ID as the operator types it: the A/B-test ID rule (docs/decisions/0126). */
export const sanitizeConfigId: (text: string) => string = sanitizeAbTestId;

const I = CONFIG_ITEM_LABELS;

/** The ID of a new configuration: non-empty, unchanged by sanitizeConfigId, and not a reserved name. */
export const configIdSchema = unreservedIdentifier(
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${I.id} is required` : `${I.id} must be a text`),
    })
    .min(1, { error: `${I.id} is required` })
    .max(CONFIG_ID_MAX_LENGTH, {
      error: `${I.id} must be at most ${CONFIG_ID_MAX_LENGTH} characters`,
      abort: true,
    })
    .refine((id) => sanitizeConfigId(id) === id, {
      error: `${I.id} may contain only letters, digits, - and _`,
    }),
  I.id,
);

/** An ID naming an existing configuration: only bounded, so an impossible ID is "not found". */
export const configIdRefSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? `${I.id} is required` : `${I.id} must be a text`),
  })
  .min(1, { error: `${I.id} is required` })
  .max(CONFIG_ID_MAX_LENGTH, { error: `${I.id} must be at most ${CONFIG_ID_MAX_LENGTH} characters` });

/** Description max 100, required; trimmed, so blanks do not count. */
export const configDescriptionSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? `${I.description} is required` : `${I.description} must be a text`,
  })
  .trim()
  .min(1, { error: `${I.description} is required` })
  .max(CONFIG_DESCRIPTION_MAX_LENGTH, {
    error: `${I.description} must be at most ${CONFIG_DESCRIPTION_MAX_LENGTH} characters`,
  });

type ItemForRules = {
  activation: { cooldown: number; maxEventDuration: number };
  data: { kind: string };
};

/**
 * "Deactivation duration must be at most the offer duration". Decision (docs/decisions/0176):
 * on offers the cooldown is the deactivation duration and the max event duration the offer duration.
 */
function checkItemRules(item: ItemForRules, context: z.RefinementCtx): void {
  const family = findConfigKind(item.data.kind)?.family;
  const { cooldown, maxEventDuration } = item.activation;
  // only between values that passed their own bounds (zod refines anyway)
  const areValid = [cooldown, maxEventDuration].every(
    (seconds) => Number.isSafeInteger(seconds) && seconds >= 0 && seconds <= MAX_ACTIVATION_DURATION_SECONDS,
  );
  if (family === 'offer' && areValid && cooldown > maxEventDuration) {
    context.addIssue({
      code: 'custom',
      path: ['activation', 'cooldown'],
      message: `${ACTIVATION_LABELS.cooldown} (deactivation duration) must be at most the ${ACTIVATION_LABELS.maxEventDuration} (offer duration)`,
    });
  }
}

/** The rule needs the activation's two durations and the data's kind, whatever else is wrong. */
function hasRuleInputs(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { activation, data } = value as { activation?: unknown; data?: unknown };
  return (
    typeof activation === 'object' &&
    activation !== null &&
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { kind?: unknown }).kind === 'string'
  );
}

function itemSchema<Data extends z.core.SomeType>(data: Data) {
  return (
    z
      .object(
        {
          id: configIdSchema,
          description: configDescriptionSchema,
          activation: activationSettingsSchema.prefault({}),
          active: booleanField(I.active).default(false),
          data,
        },
        { error: 'the configuration must be an object' },
      )
      // data is any kind's schema here; every one of them carries `kind`
      // Judged together with every other field, even when some of them are refused (by default zod
      // skips an object's refinements then, so the rule showed only on a second save).
      .superRefine((item, context) => checkItemRules(item as unknown as ItemForRules, context), {
        when: (payload) => hasRuleInputs(payload.value),
      })
  );
}

/** A configuration of any kind, as create and save take it. */
export const configItemInputSchema = itemSchema(configDataSchema);
export type ConfigItemInput = z.infer<typeof configItemInputSchema>;

/** A configuration of one kind: what /api/config/{kind}/create and /save parse. */
export function configItemInputSchemaOf<Id extends ConfigKindId>(id: Id) {
  return itemSchema<ConfigDataSchemaOf<Id>>(configDataSchemaOf(id));
}
