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

export function readSession(request: FastifyRequest): Operator | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const data = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as SessionData;
    if (typeof data.email !== 'string' || typeof data.exp !== 'number' || data.exp < Date.now()) return null;
    return { email: data.email };
  } catch {
    return null;
  }
}
