import type { authEndpoints, changeRequestEndpoints, environmentEndpoints } from '@console/domain/endpoints';
import type { LazyEndpoint } from '../api/hooks.ts';

const load = () => import('./shell.api.ts');
const loadChangeRequests = () => import('./changeRequest.api.ts');

/** The shell's calls, declared in the endpoint table and loaded on first use (see shell.api.ts). */
export const shellEndpoints = {
  me: {
    feature: 'auth',
    scope: 'global',
    name: 'me',
    load: () => load().then((module) => module.authEndpoints.me),
  },
  logout: {
    feature: 'auth',
    scope: 'global',
    name: 'logout',
    load: () => load().then((module) => module.authEndpoints.logout),
  },
  signInOptions: {
    feature: 'auth',
    scope: 'global',
    name: 'options',
    load: () => load().then((module) => module.authEndpoints.options),
  },
  environments: {
    feature: 'environment',
    scope: 'global',
    name: 'list',
    load: () => load().then((module) => module.environmentEndpoints.list),
  },
  saveEnvironment: {
    feature: 'environment',
    scope: 'global',
    name: 'save',
    load: () => load().then((module) => module.environmentEndpoints.save),
  },
  awaitingReview: {
    feature: 'changeRequest',
    scope: 'global',
    name: 'awaiting',
    load: () => loadChangeRequests().then((module) => module.changeRequestEndpoints.awaiting),
  },
} as const satisfies {
  me: LazyEndpoint<typeof authEndpoints.me>;
  logout: LazyEndpoint<typeof authEndpoints.logout>;
  signInOptions: LazyEndpoint<typeof authEndpoints.options>;
  environments: LazyEndpoint<typeof environmentEndpoints.list>;
  saveEnvironment: LazyEndpoint<typeof environmentEndpoints.save>;
  awaitingReview: LazyEndpoint<typeof changeRequestEndpoints.awaiting>;
};

/**
 * The right creating an environment needs, for the environment menu to disable its entry without loading
 * the declaration (shell.endpoints.test.ts checks that it is the declared one).
 */
export const SAVE_ENVIRONMENT_RIGHT = { access: 'change', scope: 'global' } as const;

/** The right archiving (and restoring) an environment needs, for the menu's entry to its screen. */
export const ARCHIVE_ENVIRONMENT_RIGHT = { access: 'admin', scope: 'global' } as const;

/** The right managing the active environment's webhooks needs, for the menu's entry to their screen. */
export const WEBHOOKS_RIGHT = { access: 'admin', scope: 'environment' } as const;
