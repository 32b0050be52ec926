import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES, type Role } from '@console/domain/access';
import { EMAIL_MAX_LENGTH } from '@console/domain/auth';
import { RUNTIME_REVISIONS_KEPT } from '@console/domain/runtime';
import { z } from 'zod';
import type { DatabaseLimits } from './db/pool.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'prisma/migrations');
export const WEB_DIST_DIR = resolve(REPO_ROOT, 'apps/web/dist');

/** Google's issuer: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are the shorthand for it. */
export const GOOGLE_ISSUER_URL = 'https://accounts.google.com';

/** Sign-in through one OpenID Connect provider (OIDC_*, or Google through GOOGLE_*). */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the login page's button: "Sign in with <displayName>". */
  displayName: string;
  /** `google` for Google's shorthand (its sign-in paths stay /oauth/login/google), else `oidc`. */
  slug: 'google' | 'oidc';
}

/** pino's levels; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** What a process serves (SERVE): both contexts, or one, so the game servers' delivery can scale apart. */
export const SERVED_CONTEXTS = ['all', 'console', 'delivery'] as const;
export type ServedContexts = (typeof SERVED_CONTEXTS)[number];

export interface AppSettings {
  databaseUrl: string;
  port: number;
  host: string;
  publicUrl: string;
  /** Signs the session cookie. */
  sessionSecret: string;
  devLogin: boolean;
  /** The OpenID Connect provider operators sign in with, when one is configured. */
  oidc?: OidcSettings;
  /** E-mail domains allowed to sign in through the provider; empty means any verified address. */
  allowedEmailDomains: string[];
  /** Serve the built web app from this folder when it exists. */
  webDistDir?: string;
  logLevel: LogLevel;
  /** Believe X-Forwarded-* headers: true, or the proxies' addresses/CIDRs (comma-separated). */
  trustProxy: boolean | string;
  bodyLimit: number;
  /** Other sites whose pages may send mutating calls (origins); the console's own is always allowed. */
  allowedOrigins: string[];
  /**
   * API calls per minute per session, per client address for its signed-in sessions, and per client
   * address for calls without a session (anonymousPerAddress); 0 means no limit.
   */
  apiRateLimit: { perSession: number; perAddress: number; anonymousPerAddress: number };
  /** Admins everywhere, whatever is stored (ADMIN_EMAILS, lower-case). */
  adminEmails: string[];
  /** The console-wide role of someone signing in for the first time (DEFAULT_ROLE). */
  defaultRole: Role;
  /**
   * Local start without ADMIN_EMAILS: whoever signs in by dev login starts as an admin, so that
   * `npm install && npm start` is usable at once (the start-up message says so).
   */
  devLoginAdmins: boolean;
  /** A session ends after this long without a request (SESSION_IDLE_MINUTES), ... */
  sessionIdleMs: number;
  /** ... and this long after sign-in whatever happens (SESSION_ABSOLUTE_HOURS). */
  sessionAbsoluteMs: number;
  /** Live game-client connections one runtime key may hold, over all server processes. */
  runtimeMaxConnectionsPerKey: number;
  /** Live event streams (/runtime/v1/stream) one runtime key may hold, over all server processes. */
  runtimeMaxStreamsPerKey: number;
  /** Revisions kept per environment (RUNTIME_REVISIONS_KEPT): a rollback reaches this far back. */
  runtimeRevisionsKept: number;
  /** Exposures and metric events (/runtime/v1/events) one runtime key may send this process per second. */
  runtimeEventsPerSecondPerKey: number;
  /** How long a client may take to send a request's body (plugins/slow-clients.ts). */
  requestBodyTimeoutMs: number;
  /** Open connections one client address may hold; 0: no limit (plugins/slow-clients.ts). */
  maxConnectionsPerAddress: number;
  // ---- hardening: how long the database and clients may keep the console waiting ----
  /** Connection, statement and transaction limits of the database (db/pool.ts). */
  databaseLimits: DatabaseLimits;
  /**
   * With the embedded PostgreSQL: /healthz fails once it has not answered for this long, so a supervisor
   * restarts the console (and with it the database). Null with DATABASE_URL.
   */
  embeddedDatabaseLivenessMs: number | null;
  /**
   * PUBLIC_URL was given: only requests addressed to it (Host) and, when they change something, sent from
   * it (Origin, scheme included) are served (http/cross-site.ts). Unset: the console is a local one at
   * http://localhost:$PORT, and only loopback names are accepted as its Host.
   */
  isPublicUrlSet: boolean;
  /** GET /metrics answers only with `Authorization: Bearer <metricsToken>` when set. */
  metricsToken?: string;
  /** On SIGTERM, requests still running after this long are cut off and the process exits. */
  shutdownTimeoutMs: number;
  /** This process runs the job queue's workers (JOB_WORKERS); false: it only sends jobs (jobs/job-queue.ts). */
  jobWorkers: boolean;
  /**
   * What this process serves (SERVE): `all`, `console` (everything but the game servers' /runtime/v1) or
   * `delivery` (only /runtime/v1, with /healthz, /readyz and /metrics; it runs no jobs).
   */
  serves: ServedContexts;
  /** Webhooks may reach loopback and private addresses, over http too (WEBHOOKS_ALLOW_PRIVATE_NETWORKS). */
  webhooksAllowPrivateNetworks: boolean;
}

/** A start-up refusal: the message names every variable that is wrong, and is printed without a stack. */
export class SettingsError extends Error {
  override name = 'ConfigError';
}

// ---- the variables, each parsed from its text ----

const wholeNumber = (min: number, max: number) => {
  const rule = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error: rule })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: rule });
};

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((value) => value === 'true' || value === '1');

const httpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'must be an http:// or https:// URL',
  });

const postgresUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^postgres(ql)?:$/.test(new URL(value).protocol), {
    error: 'must be a postgresql:// URL',
  });

/**
 * A comma-separated list: entries trimmed (then `normalise`d), empty ones dropped; the first entry that is
 * not valid is named in the refusal ("must list <what> separated by commas; "x" is not one").
 */
const commaList = (what: string, isValid: (entry: string) => boolean, normalise = (entry: string) => entry) =>
  z.string().transform((value, context) => {
    const entries = value
      .split(',')
      .map((entry) => normalise(entry.trim()))
      .filter(Boolean);
    const invalid = entries.find((entry) => !isValid(entry));
    if (invalid !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `must list ${what} separated by commas; ${JSON.stringify(invalid)} is not one`,
      });
      return z.NEVER;
    }
    return entries;
  });
const toLowerCase = (entry: string) => entry.toLowerCase();

const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;
const domainList = commaList('e-mail domains', (domain) => DOMAIN.test(domain), toLowerCase);

const originList = commaList(
  'origins (https://host[:port])',
  (origin) => URL.canParse(origin) && new URL(origin).origin === origin,
);

const EMAIL = /^[^\s@,]+@[^\s@,]+$/;
const emailList = commaList(
  'e-mail addresses',
  (email) => email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email),
  toLowerCase,
);

// Admins are made by ADMIN_EMAILS or by another admin, never by default.
const DEFAULT_ROLES = ROLES.filter((role) => role !== 'admin');

// proxy-addr (Fastify's trustProxy) also knows these names for address ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || address === undefined || bits === undefined || !/^\d+$/.test(bits)) return false;
  const version = isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

// Unset means no proxy: X-Forwarded-* from a direct client must not be believed.
const trustProxy = z.string().transform((value, context): boolean | string => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !isProxyAddress(entry))) {
    context.addIssue({
      code: 'custom',
      message: 'must be true, false, or the proxies’ IP addresses or CIDRs separated by commas',
    });
    return z.NEVER;
  }
  return entries.join(',');
});

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .optional(),
    PORT: wholeNumber(0, 65535).default(3000),
    // Unset: 127.0.0.1 when dev login is on (anyone reaching it could sign in as anyone), else 0.0.0.0.
    HOST: z.string().optional(),
    PUBLIC_URL: httpUrl.optional(),
    AUTH_DEV_LOGIN: flag.optional(),
    // Sign-in through an OpenID Connect provider; GOOGLE_* is the shorthand for Google's issuer.
    OIDC_ISSUER_URL: httpUrl.optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_DISPLAY_NAME: z.string().max(40, { error: 'must be at most 40 characters' }).optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    // Operations: the metrics endpoint's token, and how long a stopping process waits for requests.
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(10),
    ALLOWED_EMAIL_DOMAINS: domainList.default([]),
    SESSION_SECRET: z.string().optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    TRUST_PROXY: trustProxy.default(false),
    BODY_LIMIT_BYTES: wholeNumber(1, 2 ** 31 - 1).default(1024 * 1024),
    ALLOWED_ORIGINS: originList.default([]),
    // Generous: a screen load is a dozen calls, an operator clicking fast a few per second.
    API_RATE_LIMIT_PER_SESSION: wholeNumber(0, 2 ** 31 - 1).default(1200),
    API_RATE_LIMIT_PER_ADDRESS: wholeNumber(0, 2 ** 31 - 1).default(3000),
    // Calls without a session: the sign-in page and signing in are a few a person.
    API_RATE_LIMIT_ANONYMOUS_PER_ADDRESS: wholeNumber(0, 2 ** 31 - 1).default(1200),
    RUNTIME_MAX_CONNECTIONS_PER_KEY: wholeNumber(1, 10_000_000).default(1000),
    RUNTIME_MAX_STREAMS_PER_KEY: wholeNumber(1, 10_000_000).default(1000),
    RUNTIME_REVISIONS_KEPT: wholeNumber(RUNTIME_REVISIONS_KEPT.min, 1_000_000).default(
      RUNTIME_REVISIONS_KEPT.default,
    ),
    RUNTIME_EVENTS_PER_SECOND_PER_KEY: wholeNumber(1, 10_000_000).default(50_000),
    // A body of the default 1 MB limit takes well under a second on any link an operator or server uses.
    REQUEST_BODY_TIMEOUT_SECONDS: wholeNumber(1, 600).default(5),
    // Generous: a game server may hold a key's 1,000 WebSockets and 1,000 streams from one address.
    MAX_CONNECTIONS_PER_ADDRESS: wholeNumber(0, 10_000_000).default(5000),
    DATABASE_URL: postgresUrl.optional(),
    EMBEDDED_PG_PORT: wholeNumber(1, 65535).default(54329),
    EMBEDDED_PG_DIR: z.string().optional(),
    ADMIN_EMAILS: emailList.default([]),
    DEFAULT_ROLE: z
      .enum(DEFAULT_ROLES, { error: `must be ${DEFAULT_ROLES.join(' or ')} (admins come from ADMIN_EMAILS)` })
      .default('viewer'),
    SESSION_IDLE_MINUTES: wholeNumber(1, 7 * 24 * 60).default(60),
    SESSION_ABSOLUTE_HOURS: wholeNumber(1, 90 * 24).default(12),
    // ---- hardening: every wait bounded (db/pool.ts) ----
    DATABASE_CONNECT_TIMEOUT_SECONDS: wholeNumber(1, 60).default(1),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(5),
    DATABASE_TRANSACTION_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(15),
    EMBEDDED_PG_LIVENESS_SECONDS: wholeNumber(1, 3600).default(30),
    // Migrations run as this owner; DATABASE_URL then serves as a role that owns nothing (db/database-roles.ts).
    DATABASE_OWNER_URL: postgresUrl.optional(),
    // false: a serving-only replica, which sends jobs but runs none (jobs/job-queue.ts).
    JOB_WORKERS: flag.default(true),
    // console or delivery: a process serving one context only (app.ts), the other served by other processes.
    SERVE: z.enum(SERVED_CONTEXTS, { error: `must be one of ${SERVED_CONTEXTS.join(', ')}` }).default('all'),
    // true: webhooks may reach this machine and private networks (tests' receivers on 127.0.0.1).
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: flag.default(false),
  })
  .superRefine((env, context) => {
    const isProduction = env.NODE_ENV === 'production';
    if (isProduction && env.AUTH_DEV_LOGIN === true) {
      context.addIssue({
        code: 'custom',
        message: 'AUTH_DEV_LOGIN=true is refused when NODE_ENV=production',
      });
    }
    if (isProduction && env.SESSION_SECRET === undefined) {
      context.addIssue({ code: 'custom', message: 'SESSION_SECRET must be set when NODE_ENV=production' });
    }
    if (isProduction && env.ADMIN_EMAILS.length === 0) {
      context.addIssue({ code: 'custom', message: 'ADMIN_EMAILS must be set when NODE_ENV=production' });
    }
    if (env.DATABASE_OWNER_URL !== undefined && env.DATABASE_URL === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'DATABASE_OWNER_URL needs DATABASE_URL (the serving role)',
      });
    }
    if (env.DATABASE_TRANSACTION_TIMEOUT_SECONDS < env.DATABASE_STATEMENT_TIMEOUT_SECONDS) {
      context.addIssue({
        code: 'custom',
        message: 'DATABASE_TRANSACTION_TIMEOUT_SECONDS must be at least DATABASE_STATEMENT_TIMEOUT_SECONDS',
      });
    }
    if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
      context.addIssue({
        code: 'custom',
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (or neither)',
      });
    }
    for (const issue of signInIssues(env, isProduction)) context.addIssue({ code: 'custom', message: issue });
  });

const OIDC_VARIABLES = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
type SignInVariables = Partial<
  Record<(typeof OIDC_VARIABLES)[number] | 'OIDC_DISPLAY_NAME' | 'GOOGLE_CLIENT_ID' | 'PUBLIC_URL', string>
>;

/** What is wrong with the sign-in variables together: half a provider, two providers, none in production. */
function signInIssues(env: SignInVariables, isProduction: boolean): string[] {
  const given = OIDC_VARIABLES.filter((name) => env[name] !== undefined);
  const hasOidc = given.length === OIDC_VARIABLES.length;
  const hasGoogle = env.GOOGLE_CLIENT_ID !== undefined;
  const issues: string[] = [];
  if (given.length > 0 && !hasOidc) {
    issues.push(`${OIDC_VARIABLES.join(', ')} must be set together (or none)`);
  }
  if (given.length > 0 && hasGoogle) {
    issues.push('OIDC_* and GOOGLE_* both configure sign-in: set one of them');
  }
  if (env.OIDC_DISPLAY_NAME !== undefined && given.length === 0) {
    issues.push('OIDC_DISPLAY_NAME needs OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  if (isProduction && given.length === 0 && !hasGoogle) {
    issues.push(
      'Sign-in must be configured when NODE_ENV=production: OIDC_ISSUER_URL, OIDC_CLIENT_ID and ' +
        'OIDC_CLIENT_SECRET (or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
    );
  }
  // Without it the provider would send operators back to http://localhost.
  if (isProduction && (given.length > 0 || hasGoogle) && env.PUBLIC_URL === undefined) {
    issues.push('PUBLIC_URL must be set when NODE_ENV=production: the sign-in redirect URI is built from it');
  }
  // The issuer's answers are trusted because TLS proves who sent them; plain http only off production.
  if (isProduction && env.OIDC_ISSUER_URL?.startsWith('http:')) {
    issues.push('OIDC_ISSUER_URL must be an https:// URL when NODE_ENV=production');
  }
  return issues;
}

export type EnvSettings = z.output<typeof envSchema>;

/** Every variable the console reads (deployment files are checked against this list). */
export const ENV_VARIABLE_NAMES: readonly string[] = Object.keys(envSchema.shape);

// Values never repeated in a start-up message (they may be printed to a shared log).
const SECRET_VARIABLES = new Set([
  'SESSION_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'OIDC_CLIENT_SECRET',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'DATABASE_OWNER_URL',
]);

/**
 * Parses the process environment with one schema; refuses, naming each variable, anything it cannot use
 * and the unsafe combinations. An empty variable counts as unset (`FOO=` in a shell or compose file).
 */
export function parseEnvSettings(env: NodeJS.ProcessEnv): EnvSettings {
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(given, { reportInput: true });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path[0];
    if (typeof name !== 'string') return issue.message;
    const shown = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(given[name])})`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new SettingsError(`Invalid environment:\n  ${lines.join('\n  ')}`);
}

/**
 * The app's configuration from parsed variables and the database the process uses (`isEmbedded`: the
 * console started that database itself, db/database.ts).
 */
export function settingsFromEnv(
  env: EnvSettings,
  databaseUrl: string,
  { isEmbedded = false }: { isEmbedded?: boolean } = {},
): AppSettings {
  const isProduction = env.NODE_ENV === 'production';
  const devLogin = env.AUTH_DEV_LOGIN ?? !isProduction;
  return {
    databaseUrl,
    port: env.PORT,
    host: env.HOST ?? (devLogin ? '127.0.0.1' : '0.0.0.0'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    sessionSecret: env.SESSION_SECRET ?? randomSecret(),
    devLogin,
    ...oidcConfigOf(env),
    allowedEmailDomains: env.ALLOWED_EMAIL_DOMAINS,
    ...(existsSync(WEB_DIST_DIR) ? { webDistDir: WEB_DIST_DIR } : {}),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: env.BODY_LIMIT_BYTES,
    allowedOrigins: env.ALLOWED_ORIGINS,
    apiRateLimit: {
      perSession: env.API_RATE_LIMIT_PER_SESSION,
      perAddress: env.API_RATE_LIMIT_PER_ADDRESS,
      anonymousPerAddress: env.API_RATE_LIMIT_ANONYMOUS_PER_ADDRESS,
    },
    adminEmails: env.ADMIN_EMAILS,
    defaultRole: env.DEFAULT_ROLE,
    devLoginAdmins: devLogin && env.ADMIN_EMAILS.length === 0,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    runtimeMaxConnectionsPerKey: env.RUNTIME_MAX_CONNECTIONS_PER_KEY,
    runtimeMaxStreamsPerKey: env.RUNTIME_MAX_STREAMS_PER_KEY,
    runtimeRevisionsKept: env.RUNTIME_REVISIONS_KEPT,
    runtimeEventsPerSecondPerKey: env.RUNTIME_EVENTS_PER_SECOND_PER_KEY,
    requestBodyTimeoutMs: env.REQUEST_BODY_TIMEOUT_SECONDS * 1000,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    databaseLimits: {
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      transactionTimeoutMs: env.DATABASE_TRANSACTION_TIMEOUT_SECONDS * 1000,
    },
    embeddedDatabaseLivenessMs: isEmbedded ? env.EMBEDDED_PG_LIVENESS_SECONDS * 1000 : null,
    isPublicUrlSet: env.PUBLIC_URL !== undefined,
    ...(env.METRICS_TOKEN ? { metricsToken: env.METRICS_TOKEN } : {}),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    // A delivery process registers no job (they belong to the console's features), so it runs none.
    jobWorkers: env.JOB_WORKERS && env.SERVE !== 'delivery',
    serves: env.SERVE,
    webhooksAllowPrivateNetworks: env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
  };
}

/** The provider of OIDC_* (named after its host unless OIDC_DISPLAY_NAME), or Google's from GOOGLE_*. */
function oidcConfigOf(env: EnvSettings): { oidc?: OidcSettings } {
  if (env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    return {
      oidc: {
        issuerUrl: env.OIDC_ISSUER_URL,
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET,
        displayName: env.OIDC_DISPLAY_NAME ?? new URL(env.OIDC_ISSUER_URL).hostname,
        slug: 'oidc',
      },
    };
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    return {
      oidc: {
        issuerUrl: GOOGLE_ISSUER_URL,
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        displayName: 'Google',
        slug: 'google',
      },
    };
  }
  return {};
}

/** Reads the process environment; refuses bad values and unsafe combinations at start-up (ConfigError). */
export function readSettings(env: NodeJS.ProcessEnv, databaseUrl: string): AppSettings {
  return settingsFromEnv(parseEnvSettings(env), databaseUrl);
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}
