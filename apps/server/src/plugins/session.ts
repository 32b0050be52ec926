import type { Operator } from '@console/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'console_session';
const SESSION_DAYS = 7;

interface SessionData {
  email: string;
  /** Expiry, UTC ms; the cookie's own max-age is only advice to the browser. */
  exp: number;
}

/** Sessions live in a signed, httpOnly, SameSite=Lax cookie: no server-side store to keep. */
export function startSession(request: FastifyRequest, reply: FastifyReply, email: string): void {
  const data: SessionData = { email, exp: Date.now() + SESSION_DAYS * 86_400_000 };
  reply.setCookie(SESSION_COOKIE, Buffer.from(JSON.stringify(data)).toString('base64url'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https' || request.server.config.publicUrl.startsWith('https:'),
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function endSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

function decodeSession(value: string): SessionData | null {
  try {
    const data = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as SessionData;
    return typeof data.email === 'string' && typeof data.exp === 'number' ? data : null;
  } catch {
    return null;
  }
}

const operatorOf = (data: SessionData | null): Operator | null =>
  data && data.exp >= Date.now() ? { email: data.email } : null;

const VERIFIED_SESSIONS_LIMIT = 1_000;

/**
 * Reads the operator from the session cookie, for the request path of one app. A signed cookie
 * verified once is remembered (its HMAC check is the costliest step of a small API call), keyed by
 * the whole signed value, so only the very text that passed the check is trusted again; expiry is
 * still checked on every request.
 */
export function createSessionReader(): (request: FastifyRequest) => Operator | null {
  const verified = new Map<string, SessionData>();
  return (request) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return null;
    let data: SessionData | null | undefined = verified.get(raw);
    if (data === undefined) {
      const unsigned = request.unsignCookie(raw);
      data = unsigned.valid && unsigned.value ? decodeSession(unsigned.value) : null;
      // Only sessions that verified are remembered, so forged cookies cannot crowd out real ones.
      if (data) {
        if (verified.size >= VERIFIED_SESSIONS_LIMIT) verified.delete(verified.keys().next().value as string);
        verified.set(raw, data);
      }
    }
    return operatorOf(data);
  };
}
