import { createHash, randomBytes } from 'node:crypto';
import type { Role, RoleGrants } from '@console/domain/access';
import type { SignInMethod } from '@console/domain/audit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createConsoleContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { UnitOfWorkRunner } from '../db/unit-of-work.ts';
import {
  deleteSession,
  deleteSessionsOf,
  findSession,
  recordSignIn,
  type SessionRow,
  touchSession,
} from '../features/auth/auth.public.ts';
import { touchUser } from '../features/users/users.public.ts';
import type { AppSettings } from '../settings.ts';

export const SESSION_COOKIE = 'console_session';

/** How long the request path trusts a session it read before reading it again (other processes' changes). */
export const SESSION_CACHE_MS = 5_000;
const CACHED_SESSIONS_LIMIT = 10_000;
/** Session ids are 32 random bytes, base64url: 43 characters. Anything much longer is not one. */
const SESSION_ID_MAX_LENGTH = 100;

/** Who is calling: their e-mail and roles. */
export interface SignedInUser {
  email: string;
  grants: RoleGrants;
}

export type { SignInMethod };

/**
 * Server-side sessions. The cookie carries a random id; the `session` table keeps only its
 * SHA-256, so a leaked table opens nothing. Logout, sign-out-everywhere and an admin removing a user
 * delete rows, which ends those sessions at once in this process (the cache is emptied) and within
 * SESSION_CACHE_MS in others. A session ends after `sessionIdleMs` without a request and
 * `sessionAbsoluteMs` after sign-in.
 */
export interface Sessions {
  /** The signed-in user of a request, or null (no cookie, unknown, ended or expired). */
  read(request: FastifyRequest): Promise<SignedInUser | null>;
  /**
   * Whether this process has seen the request's cookie name a session (signed in here or read here) and
   * not seen that session end, without reading the database: the rate limit's choice of budget.
   */
  isKnown(request: FastifyRequest): boolean;
  /** Signs in: a new session id (the one the browser held is ended: rotation), set as the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, email: string, method: SignInMethod): Promise<void>;
  /** Logout: ends the request's session and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a user; answers how many. */
  endAllOf(email: string): Promise<number>;
  /**
   * Ends every session of a user in the caller's transaction (a removed user's); answers how many. The
   * caller forgets the cache after the commit.
   */
  endAllOfIn(tx: Tx, email: string): Promise<number>;
  /** Forgets what the cache holds (roles or users changed): the next request of each session reads again. */
  forget(): void;
}

interface CachedSession {
  user: SignedInUser;
  created: number;
  lastSeen: number;
  fetchedAt: number;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

export function createSessions(
  unitOfWork: UnitOfWorkRunner,
  settings: AppSettings,
  now: () => number,
): Sessions {
  const { db } = unitOfWork;
  const cache = new Map<string, CachedSession>();
  // The sessions this process has seen valid, kept apart from the cache: a role change empties the cache
  // but ends no session. Only real sessions enter it, oldest first out.
  const known = new Set<string>();
  const remember = (hash: string) => {
    if (known.has(hash)) return;
    if (known.size >= CACHED_SESSIONS_LIMIT) known.delete(known.values().next().value as string);
    known.add(hash);
  };
  // Bumped whenever sessions end or roles change: a read that started before is not cached after.
  let generation = 0;
  const invalidate = (hash?: string) => {
    generation += 1;
    if (hash === undefined) cache.clear();
    else {
      cache.delete(hash);
      known.delete(hash);
    }
  };
  // Activity is written at most this often per session, so a busy session costs no write per request.
  const touchMs = Math.min(60_000, Math.floor(settings.sessionIdleMs / 10));

  const grantsOf = (row: SessionRow): RoleGrants => ({
    role: row.role,
    // A Map: environment ids are chosen by operators (access.ts, RoleGrants).
    environments: new Map(Object.entries(row.roles)),
    isConfiguredAdmin: settings.adminEmails.includes(row.email),
  });

  const fetch = async (hash: string, at: number): Promise<CachedSession | null> => {
    const started = generation;
    const row = await findSession(db, hash);
    if (!row) {
      cache.delete(hash);
      known.delete(hash);
      return null;
    }
    const entry: CachedSession = {
      user: { email: row.email, grants: grantsOf(row) },
      created: row.created.getTime(),
      lastSeen: row.lastSeen.getTime(),
      fetchedAt: at,
    };
    if (started !== generation) return entry;
    // Only sessions that exist are cached, so made-up cookies cannot crowd out real ones.
    if (cache.size >= CACHED_SESSIONS_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(hash, entry);
    return entry;
  };

  const isExpired = (entry: CachedSession, at: number) =>
    at - entry.created >= settings.sessionAbsoluteMs || at - entry.lastSeen >= settings.sessionIdleMs;

  const hashOfRequest = (request: FastifyRequest): string | null => {
    const id = request.cookies[SESSION_COOKIE];
    return id && id.length <= SESSION_ID_MAX_LENGTH ? hashOf(id) : null;
  };

  const setCookie = (request: FastifyRequest, reply: FastifyReply, id: string) =>
    reply.setCookie(SESSION_COOKIE, id, {
      httpOnly: true,
      sameSite: 'lax',
      // Behind a trusted proxy, request.protocol is the proxy's X-Forwarded-Proto (config trustProxy).
      secure: request.protocol === 'https' || settings.publicUrl.startsWith('https:'),
      path: '/',
      maxAge: Math.floor(settings.sessionAbsoluteMs / 1000),
    });

  return {
    async read(request) {
      const hash = hashOfRequest(request);
      if (!hash) return null;
      const at = now();
      let entry = cache.get(hash);
      const isFresh = entry !== undefined && at - entry.fetchedAt < SESSION_CACHE_MS;
      if (!entry || !isFresh) entry = (await fetch(hash, at)) ?? undefined;
      // Another process may have recorded activity the cache has not seen: ask before ending it.
      if (entry && isExpired(entry, at) && isFresh) entry = (await fetch(hash, at)) ?? undefined;
      if (!entry) return null;
      if (isExpired(entry, at)) {
        await unitOfWork.mutate(({ tx }) => deleteSession(tx, hash));
        invalidate(hash);
        return null;
      }
      if (at - entry.lastSeen >= touchMs) {
        entry.lastSeen = at;
        // The session's and its user's last request.
        await unitOfWork.mutate(async ({ tx }) => {
          const email = await touchSession(tx, hash, new Date(at));
          if (email !== null) await touchUser(tx, email, new Date(at));
        });
      }
      remember(hash);
      return entry.user;
    },

    isKnown(request) {
      const hash = hashOfRequest(request);
      return hash !== null && known.has(hash);
    },

    async start(request, reply, email, method) {
      const at = now();
      const id = randomBytes(32).toString('base64url');
      const previous = hashOfRequest(request);
      const initialRole: Role = method === 'dev' && settings.devLoginAdmins ? 'admin' : settings.defaultRole;
      // Rotation: the id this browser held before signing in is never valid again.
      // The user signing in is who acts: the entry is theirs.
      await recordSignIn(createConsoleContext(unitOfWork, { email }), {
        method,
        initialRole,
        at: new Date(at),
        idHash: hashOf(id),
        previousIdHash: previous,
        idleSince: new Date(at - settings.sessionIdleMs),
        createdBefore: new Date(at - settings.sessionAbsoluteMs),
      });
      if (previous) invalidate(previous);
      remember(hashOf(id));
      setCookie(request, reply, id);
    },

    async end(request, reply) {
      const hash = hashOfRequest(request);
      if (hash) {
        await unitOfWork.mutate(({ tx }) => deleteSession(tx, hash));
        invalidate(hash);
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },

    async endAllOf(email) {
      const ended = await unitOfWork.mutate(({ tx }) => deleteSessionsOf(tx, email));
      invalidate();
      return ended;
    },

    endAllOfIn(tx, email) {
      return deleteSessionsOf(tx, email);
    },

    forget() {
      invalidate();
    },
  };
}
