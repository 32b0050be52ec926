import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'prisma/migrations');
export const WEB_DIST_DIR = resolve(REPO_ROOT, 'apps/web/dist');

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
}

export interface AppConfig {
  databaseUrl: string;
  publicUrl: string;
  /** Signs the session cookie. */
  sessionSecret: string;
  devLogin: boolean;
  google?: GoogleConfig;
  /** E-mail domains allowed to sign in with Google; empty means any verified address. */
  allowedEmailDomains: string[];
  /** Serve the built web app from this folder when it exists. */
  webDistDir?: string;
  logLevel: string;
  /** Believe X-Forwarded-* headers: true, or the proxies' addresses/CIDRs (comma-separated). */
  trustProxy: boolean | string;
  bodyLimit: number;
}

const isTrue = (value: string | undefined) => value === 'true' || value === '1';

/** Reads the process environment; refuses unsafe combinations at start-up. */
export function readConfig(env: NodeJS.ProcessEnv, databaseUrl: string): AppConfig {
  const isProduction = env.NODE_ENV === 'production';
  const devLogin = env.AUTH_DEV_LOGIN === undefined ? !isProduction : isTrue(env.AUTH_DEV_LOGIN);
  if (devLogin && isProduction) {
    throw new Error('AUTH_DEV_LOGIN=true is refused when NODE_ENV=production');
  }
  if (isProduction && !env.SESSION_SECRET) {
    throw new Error('SESSION_SECRET must be set when NODE_ENV=production');
  }
  const port = Number(env.PORT ?? 3000);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : undefined;
  return {
    databaseUrl,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sessionSecret: env.SESSION_SECRET ?? randomSecret(),
    devLogin,
    ...(google ? { google } : {}),
    allowedEmailDomains: (env.ALLOWED_EMAIL_DOMAINS ?? '')
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    ...(existsSync(WEB_DIST_DIR) ? { webDistDir: WEB_DIST_DIR } : {}),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    bodyLimit: Number(env.BODY_LIMIT_BYTES ?? 1024 * 1024),
  };
}

/** Unset means no proxy: X-Forwarded-* from a direct client must not be believed. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}
