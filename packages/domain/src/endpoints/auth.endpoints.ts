import { z } from 'zod';
import { defineEndpoints } from '../api/endpoint.ts';
import { authOptionsSchema, devLoginRequestSchema, operatorSchema } from '../auth.ts';

// The sign-in calls live under /oauth and /logout (outside /api: no session, no environment), but
// they are JSON calls of the web app like any other, so they are declared here too.
export const authEndpoints = defineEndpoints('auth', {
  me: {
    path: '/api/auth/me',
    summary: 'The logged-in operator',
    response: operatorSchema,
    scope: 'global',
  },
  options: {
    path: '/oauth/options',
    summary: 'Which sign-in methods this server offers',
    response: authOptionsSchema,
    scope: 'global',
    access: 'public',
  },
  session: {
    path: '/oauth/session',
    summary: 'Who is signed in, or null: lets the login page go home without a 401',
    response: operatorSchema.nullable(),
    scope: 'global',
    access: 'public',
  },
  devLogin: {
    path: '/oauth/login/dev',
    summary: 'Sign in locally without Google (AUTH_DEV_LOGIN=true only)',
    body: devLoginRequestSchema,
    response: operatorSchema,
    scope: 'global',
    access: 'public',
  },
  logout: {
    path: '/logout',
    summary: 'End the session',
    response: z.null(),
    scope: 'global',
    access: 'public',
  },
});
