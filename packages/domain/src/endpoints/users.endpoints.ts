import { defineEndpoints } from '../api/endpoint.ts';
import { userSearchRequestSchema, userSearchResponseSchema } from '../search/users-search.ts';
import {
  environmentProtectionSchema,
  removeUserRequestSchema,
  removeUserResponseSchema,
  setEnvironmentProtectedRequestSchema,
  setUserRoleRequestSchema,
  userListResponseSchema,
  userSummarySchema,
} from '../users.ts';

// The Users screen. Global calls: the environment a right is needed in is the body's.
export const usersEndpoints = defineEndpoints('users', {
  list: {
    path: '/api/users/list',
    access: 'read',
    summary: 'Everyone who signed in, with their roles, and which environments are protected',
    response: userListResponseSchema,
    scope: 'global',
  },
  search: {
    path: '/api/users/search',
    access: 'read',
    summary:
      'A page of the users as the caller may see them (everyone for admins): q over the e-mail, filter role, sort, and the cursor of the next page',
    body: userSearchRequestSchema,
    response: userSearchResponseSchema,
    scope: 'global',
  },
  setRole: {
    path: '/api/users/role/set',
    access: 'admin',
    accessEnvironmentField: 'environment',
    summary:
      "Set a user's role in an environment (admin there), or console-wide without environment (console-wide admin); audited",
    body: setUserRoleRequestSchema,
    response: userSummarySchema,
    scope: 'global',
  },
  remove: {
    path: '/api/users/remove',
    access: 'admin',
    summary: 'Forget a user and end their sessions at once; they start afresh if they sign in again',
    body: removeUserRequestSchema,
    response: removeUserResponseSchema,
    scope: 'global',
  },
  setProtected: {
    path: '/api/users/environment/protect',
    access: 'admin',
    accessEnvironmentField: 'environment',
    summary: 'Mark an environment protected (only admins change anything there) or not; audited',
    body: setEnvironmentProtectedRequestSchema,
    response: environmentProtectionSchema,
    scope: 'global',
  },
});
