// What the request path's session check (http/session.ts) uses of users: recording a sign-in and a
// signed-in user's activity.

export { touchUser, upsertSignedInUser } from './user.store.ts';
