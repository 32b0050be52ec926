import { z } from 'zod';
import { searchPageSchemaOf, searchRequestSchemaOf } from '../api/search.ts';
import { roleSchema } from '../auth.ts';
import { listedUserSchema } from '../users.ts';

// The Users screen's search: by e-mail, filtered by console-wide role.

export const USER_SEARCH_SORTS = ['email', 'lastSeen', 'firstSeen'] as const;
export const userSearchRequestSchema = searchRequestSchemaOf(USER_SEARCH_SORTS, {
  role: roleSchema.optional(),
});
export type UserSearchRequest = z.output<typeof userSearchRequestSchema>;
export const userSearchResponseSchema = searchPageSchemaOf(listedUserSchema).extend({
  seesEveryone: z
    .boolean()
    .describe(
      'false: the search covers the caller and the admins only, without their activity (not an admin)',
    ),
});
