import { z } from 'zod';
import { defineEndpoints } from '../api/endpoint.ts';
import {
  authOptionsSchema,
  devLoginRequestSchema,
  operatorSchema,
  sessionUserSchema,
  signOutEverywhereResponseSchema,
} from '../auth.ts';

// The sign-in calls live under /oauth and /logout (outside /api: no session, no environment), but
// they are JSON calls of the web app like any other, so they are declared here too.
export const authEndpoints = defineEndpoints('auth', {
  me: {
    path: '/api/auth/me',
    access: 'read',
    summary: 'The signed-in user with their role console-wide and in every environment',
    response: sessionUserSchema,
    scope: 'global',
  },
  signOutEverywhere: {
    path: '/api/auth/sign-out-everywhere',
    access: 'read',
    summary: "End every session of the signed-in user (this one and other browsers')",
    response: signOutEverywhereResponseSchema,
    scope: 'global',
  },
  options: {
    path: '/oauth/options',
    access: 'public',
    summary: 'Which sign-in methods this server offers',
    response: authOptionsSchema,
    scope: 'global',
  },
  session: {
    path: '/oauth/session',
    access: 'public',
    summary: 'Who is signed in, or null: lets the login page go home without a 401',
    response: operatorSchema.nullable(),
    scope: 'global',
  },
  devLogin: {
    path: '/oauth/login/dev',
    access: 'public',
    summary: 'Sign in locally without a sign-in provider (AUTH_DEV_LOGIN=true only)',
    body: devLoginRequestSchema,
    response: operatorSchema,
    scope: 'global',
  },
  logout: {
    path: '/logout',
    access: 'public',
    summary: 'End the session (GET /logout changes nothing: it is the web page that asks)',
    response: z.null(),
    scope: 'global',
  },
});
