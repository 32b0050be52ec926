// What the request path's session check (http/session.ts, which also ends a removed user's sessions for
// the Users screen) uses of sessions: the session table, read and written through its store, and the
// sign-in with its audit entry.

export {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  findSession,
  insertSession,
  type SessionRow,
  touchSession,
} from './session.store.ts';
export { recordSignIn } from './sign-in.service.ts';
