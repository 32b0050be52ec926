import { z } from 'zod';
import { abTestSchema, abTestTypeSchema } from '../abtest/abtest.schemas.ts';
import { searchPageSchemaOf, searchRequestSchemaOf } from '../api/search.ts';
import { integerField } from '../operations/fields.ts';

// The A/B-test searches: the list (/abtest sorts by these columns) and the "Add AB-test" picker.

/** A plugin's id as a filter: any whole number; one no plugin has matches nothing. */
export const usedByPluginFilterSchema = integerField('usedByPlugin', 0).optional();

export const AB_TEST_SEARCH_SORTS = ['id', 'type', 'active', 'created', 'modified'] as const;
export type AbTestSearchSort = (typeof AB_TEST_SEARCH_SORTS)[number];

export const abTestSearchRequestSchema = searchRequestSchemaOf(AB_TEST_SEARCH_SORTS, {
  /** The State switch: only active (true) or inactive (false) A/B-tests. */
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  type: abTestTypeSchema.optional(),
  /** Used by a plugin's active set or draft (true), or by none (false). */
  inUse: z.boolean({ error: 'inUse must be true or false' }).optional(),
  usedByPlugin: usedByPluginFilterSchema,
});
export type AbTestSearchRequest = z.output<typeof abTestSearchRequestSchema>;
export type AbTestSearchRequestInput = z.input<typeof abTestSearchRequestSchema>;
export const abTestSearchResponseSchema = searchPageSchemaOf(abTestSchema);

/** The picker's table: ID, Active, Version, Description. */
export const abTestPickerItemSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  /** The highest active version, -1 with none ("No version"). */
  version: z.number().int(),
  description: z.string(),
});
export type AbTestPickerItem = z.infer<typeof abTestPickerItemSchema>;

export const abTestPickerRequestSchema = searchRequestSchemaOf(['id'], {
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export type AbTestPickerRequest = z.output<typeof abTestPickerRequestSchema>;
export const abTestPickerResponseSchema = searchPageSchemaOf(abTestPickerItemSchema);
