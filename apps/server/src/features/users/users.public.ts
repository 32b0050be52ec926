// What the request path's session check (plugins/session.ts) uses of users: recording a sign-in and a
// signed-in user's activity.

export { touchUser, upsertSignedInUser } from './user.store.ts';
