import { z } from 'zod';

/** The largest page a list answers at once. */
export const LIST_PAGE_MAX_LIMIT = 1000;

/** Where a page starts: how many entries of the list it skips. */
export const pageOffsetSchema = z
  .number({ error: 'offset must be a number' })
  .int({ error: 'offset must be a whole number' })
  .min(0, { error: 'offset must be at least 0' });

/** How many entries a page holds at most, up to `max`. */
export const pageLimitSchema = (max: number) =>
  z
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(max, { error: `limit must be at most ${max}` });

/**
 * The optional paging of a list that can grow (A/B-tests, configurations). Decision
 * (docs/decisions/0129): without offset/limit the whole list is answered; with them one page of it, in
 * the list's own order. No body, null and {} are all "the whole list", so the answer stays a plain array.
 */
export const listPageRequestSchema = z
  .strictObject({
    offset: pageOffsetSchema.optional(),
    limit: pageLimitSchema(LIST_PAGE_MAX_LIMIT).optional(),
  })
  .nullish();
export type ListPageRequest = z.input<typeof listPageRequestSchema>;
/** One page of a list; without a limit, everything from offset on. */
export type ListPage = NonNullable<z.output<typeof listPageRequestSchema>>;
