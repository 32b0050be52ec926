import { z } from 'zod';
import { integerField } from '../operations/fields.ts';
import { activationSettingsSchema } from './activation.schemas.ts';
import { type ConfigDataSchemaOf, configDataSchema, configDataSchemaOf } from './config-data.schemas.ts';
import { booleanField } from './config-fields.ts';
import { CONFIG_ITEM_LABELS, configIdRefSchema } from './config-item.schemas.ts';
import type { ConfigKindId } from './config-kinds.ts';

// What /api/config/{kind}/* and /api/plugin/config/* take and answer. Requests that
// carry a whole configuration (create, save, duplicate/reassign) take configItemInputSchemaOf(kind).

// ---- requests ----

/** /get, /duplicate, /delete {id}. */
export const configIdRequestSchema = z.object({ id: configIdRefSchema });
export type ConfigIdRequest = z.infer<typeof configIdRequestSchema>;

/** /activate {id, active}: the list's State switch. */
export const activateConfigRequestSchema = z.object({
  id: configIdRefSchema,
  active: booleanField(CONFIG_ITEM_LABELS.active),
});
export type ActivateConfigRequest = z.infer<typeof activateConfigRequestSchema>;

/** /api/plugin/config/list-active {pluginId}; a plugin id no kind serves is 404 "Unknown plugin". */
export const pluginConfigRequestSchema = z.object({ pluginId: integerField('pluginId', 0) });
export type PluginConfigRequest = z.infer<typeof pluginConfigRequestSchema>;

// ---- answers ----

const utcMillisSchema = z.number().int().describe('UTC milliseconds');

/**
 * Decision (docs/decisions/0183): how plugins use a configuration, behind the
 * list's In use icon. 'live' (happy): an active plugin's active set has an entry pointing at it
 * whose A/B-test is active, so players get it now and /save refuses changes ("Update is not
 * allowed:"). 'assigned' (neutral): some plugin entry points at it (a draft, an inactive plugin,
 * or an inactive A/B-test) but nobody is served it; /delete refuses it. 'unused' (sad): no entry.
 */
export const ConfigUsage = { Live: 'live', Assigned: 'assigned', Unused: 'unused' } as const;
export type ConfigUsage = (typeof ConfigUsage)[keyof typeof ConfigUsage];
export const configUsageSchema = z.enum([ConfigUsage.Live, ConfigUsage.Assigned, ConfigUsage.Unused]);

/** Ranks for sorting by In use: live first. */
export const CONFIG_USAGE_RANK: Readonly<Record<ConfigUsage, number>> = { live: 2, assigned: 1, unused: 0 };

/** One plugin entry set (active set or draft) that points at a configuration. */
export const configReferenceSchema = z.object({
  pluginId: z.number().int(),
  pluginName: z.string(),
  /** Which of the plugin's entry lists: its active set or its draft. */
  set: z.enum(['active', 'draft']),
  /** true when this reference serves players now (active plugin, active set, active A/B-test). */
  isLive: z.boolean(),
});
export type ConfigReference = z.infer<typeof configReferenceSchema>;

/** Configuration list item: extended{..., data{pluginId}} plus inUse (and usedBy, for the tooltip). */
export const configListItemSchema = z.object({
  extended: z.object({
    id: z.string(),
    description: z.string(),
    active: z.boolean(),
    created: utcMillisSchema,
    modified: utcMillisSchema,
    lastModifier: z.string(),
    data: z.object({ pluginId: z.number().int() }),
  }),
  inUse: configUsageSchema,
  /** Every plugin set pointing at it, by plugin id then set (active before draft). */
  usedBy: z.array(configReferenceSchema),
  /**
   * The newest existing copy the "Update is not allowed" flow made of it (its audit entry names
   * both), or null: what the list's "was replaced" warning names.
   */
  replacedBy: z.string().nullable(),
});
export type ConfigListItem = z.infer<typeof configListItemSchema>;
export const configListResponseSchema = z.array(configListItemSchema);

function storedItemSchema<Data extends z.core.SomeType>(data: Data) {
  return z.object({
    id: z.string(),
    description: z.string(),
    activation: activationSettingsSchema,
    active: z.boolean(),
    created: utcMillisSchema,
    modified: utcMillisSchema,
    lastModifier: z.string(),
    data,
  });
}

/** Configuration item, any kind: what /get, /create, /save and /activate answer. */
export const configItemSchema = storedItemSchema(configDataSchema);
export type ConfigItem = z.infer<typeof configItemSchema>;

/** The configuration item of one kind (its data typed by that kind). */
export function configItemSchemaOf<Id extends ConfigKindId>(id: Id) {
  return storedItemSchema<ConfigDataSchemaOf<Id>>(configDataSchemaOf(id));
}
export type ConfigItemOf<Id extends ConfigKindId> = z.infer<ReturnType<typeof configItemSchemaOf<Id>>>;

/**
 * /duplicate and /duplicate/reassign answer the new configuration's id and its plugin's
 * name, so the screen opens /config/{pluginName}/{configId}/edit.
 */
export const configCopyResponseSchema = z.object({ configId: z.string(), pluginName: z.string() });
export type ConfigCopyResponse = z.infer<typeof configCopyResponseSchema>;

/**
 * /duplicate/reassign also names the plugins whose draft the operator has to look at: one already
 * stale before the flow (made on an older active set), or one whose entry keeps a pending version
 * that the flow's new version makes too old to activate. Every other draft it moved is re-based.
 */
export const configReassignResponseSchema = configCopyResponseSchema.extend({
  draftsToReview: z.array(z.object({ pluginId: z.number().int(), pluginName: z.string() })),
});
export type ConfigReassignResponse = z.infer<typeof configReassignResponseSchema>;

export const configDeleteResponseSchema = z.object({ id: z.string() });
export type ConfigDeleteResponse = z.infer<typeof configDeleteResponseSchema>;

// ---- messages ----

/** The prefixes that classify a configuration error for the screens. */
export const CONFIG_INFO_PREFIX = 'INFO:';
export const CONFIG_UPDATE_NOT_ALLOWED_PREFIX = 'Update is not allowed:';

export type ConfigErrorClass = 'information' | 'update-not-allowed' | 'error';

/** None (no message), information, "Update is not allowed:", or a generic error. */
export function classifyConfigError(message: string): ConfigErrorClass {
  if (message.startsWith(CONFIG_INFO_PREFIX)) return 'information';
  if (message.startsWith(CONFIG_UPDATE_NOT_ALLOWED_PREFIX)) return 'update-not-allowed';
  return 'error';
}
