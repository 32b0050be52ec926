import { z } from 'zod';
import { boundedArray } from '../api/bounded.ts';
import { searchPageSchemaOf, searchRequestSchemaOf } from '../api/search.ts';
import { configListItemSchema } from '../config/config.api.schemas.ts';
import { CONFIG_KIND_IDS, type ConfigKindId } from '../config/config-kinds.ts';
import { integerField } from '../operations/fields.ts';
import { usedByPluginFilterSchema } from './abtest-search.ts';

// The configuration searches: one kind's list, every kind's (the configuration list, /config, sorts by
// ID, Type, In use, Created, Modified) and the configuration picker.

export const CONFIG_SEARCH_SORTS = ['id', 'kind', 'inUse', 'created', 'modified'] as const;
export type ConfigSearchSort = (typeof CONFIG_SEARCH_SORTS)[number];

const configSearchFilters = {
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  /** Pointed at by some plugin entry, active set or draft (true), or by none (false). */
  inUse: z.boolean({ error: 'inUse must be true or false' }).optional(),
  usedByPlugin: usedByPluginFilterSchema,
};

export const configKindSearchRequestSchema = searchRequestSchemaOf(CONFIG_SEARCH_SORTS, configSearchFilters);

const configKindIdSchema = z.enum(CONFIG_KIND_IDS as [ConfigKindId, ...ConfigKindId[]], {
  error: 'kinds must name configuration kinds',
});

export const configSearchRequestSchema = searchRequestSchemaOf(CONFIG_SEARCH_SORTS, {
  ...configSearchFilters,
  /** Only these kinds (the "Configuration type" choice); absent or empty: every kind. */
  kinds: boundedArray(configKindIdSchema, CONFIG_KIND_IDS.length).optional(),
});
export type ConfigSearchRequest = z.output<typeof configSearchRequestSchema>;
export type ConfigSearchRequestInput = z.input<typeof configSearchRequestSchema>;
export const configSearchResponseSchema = searchPageSchemaOf(configListItemSchema);

/** The configuration picker: the activated configurations of a plugin's kind (ID, Description). */
export const configPickerRequestSchema = searchRequestSchemaOf(['id'], {
  pluginId: integerField('pluginId', 0),
});
export type ConfigPickerRequest = z.output<typeof configPickerRequestSchema>;
export const configPickerItemSchema = z.object({ id: z.string(), description: z.string() });
export type ConfigPickerItem = z.infer<typeof configPickerItemSchema>;
export const configPickerResponseSchema = searchPageSchemaOf(configPickerItemSchema);
