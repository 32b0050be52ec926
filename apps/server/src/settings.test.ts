import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { parseEnvSettings, readSettings, SettingsError, settingsFromEnv } from './settings.ts';
import { runProcess, serverProcessArgs } from './testing/server-process.ts';

const DATABASE = 'postgresql://unused@127.0.0.1:1/none';

/** The start-up refusal's message for an environment, or a failure when it was accepted. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    parseEnvSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('environment variables', () => {
  it('have the documented defaults when unset or empty', () => {
    for (const env of [{}, { PORT: '', LOG_LEVEL: '', TRUST_PROXY: '', BODY_LIMIT_BYTES: '' }]) {
      const settings = readSettings(env, DATABASE);
      expect(settings).toMatchObject({
        databaseUrl: DATABASE,
        port: 3000,
        // Dev login is on by default locally: only this machine reaches the console.
        host: '127.0.0.1',
        publicUrl: 'http://localhost:3000',
        devLogin: true,
        allowedEmailDomains: [],
        logLevel: 'info',
        trustProxy: false,
        bodyLimit: 1024 * 1024,
        runtimeMaxConnectionsPerKey: 1000,
      });
      expect(settings.oidc).toBeUndefined();
      expect(settings.metricsToken).toBeUndefined();
      expect(settings.shutdownTimeoutMs).toBe(10_000);
      expect(settings.sessionSecret.length).toBeGreaterThanOrEqual(40);
    }
    expect(parseEnvSettings({}).EMBEDDED_PG_PORT).toBe(54329);
  });

  it('are read into their types', () => {
    const settings = readSettings(
      {
        NODE_ENV: 'production',
        SESSION_SECRET: 'secret',
        PORT: '8080',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://console.example.com/',
        AUTH_DEV_LOGIN: '0',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        ALLOWED_EMAIL_DOMAINS: ' Studio.com, example.org ,',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback, ::1',
        BODY_LIMIT_BYTES: '2048',
        ADMIN_EMAILS: 'Boss@Studio.com',
        DEFAULT_ROLE: 'operator',
        SESSION_IDLE_MINUTES: '30',
        SESSION_ABSOLUTE_HOURS: '8',
        RUNTIME_MAX_CONNECTIONS_PER_KEY: '5',
      },
      DATABASE,
    );
    expect(settings).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://console.example.com',
      sessionSecret: 'secret',
      devLogin: false,
      oidc: {
        issuerUrl: 'https://accounts.google.com',
        clientId: 'id',
        clientSecret: 'google-secret',
        displayName: 'Google',
        slug: 'google',
      },
      allowedEmailDomains: ['studio.com', 'example.org'],
      logLevel: 'warn',
      trustProxy: '10.0.0.1,192.168.0.0/16,loopback,::1',
      bodyLimit: 2048,
      adminEmails: ['boss@studio.com'],
      defaultRole: 'operator',
      devLoginAdmins: false,
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 8 * 3_600_000,
      runtimeMaxConnectionsPerKey: 5,
    });
    expect(readSettings({ TRUST_PROXY: 'true' }, DATABASE).trustProxy).toBe(true);
    expect(readSettings({ TRUST_PROXY: 'false' }, DATABASE).trustProxy).toBe(false);
    expect(readSettings({ AUTH_DEV_LOGIN: '1' }, DATABASE).devLogin).toBe(true);
    expect(readSettings({ AUTH_DEV_LOGIN: 'false' }, DATABASE).devLogin).toBe(false);
    expect(parseEnvSettings({ EMBEDDED_PG_PORT: '5433' }).EMBEDDED_PG_PORT).toBe(5433);
  });

  it('refuse to start on a value they cannot use, naming the variable and the value', () => {
    expect(refusal({ PORT: 'abc' })).toBe(
      'Invalid environment:\n  PORT must be a whole number from 0 to 65535 (got "abc")',
    );
    expect(refusal({ PORT: '70000' })).toContain('PORT must be a whole number from 0 to 65535 (got "70000")');
    expect(refusal({ PORT: '-1' })).toContain('PORT must be a whole number');
    expect(refusal({ BODY_LIMIT_BYTES: '1mb' })).toContain(
      'BODY_LIMIT_BYTES must be a whole number from 1 to 2147483647 (got "1mb")',
    );
    expect(refusal({ BODY_LIMIT_BYTES: '0' })).toContain('BODY_LIMIT_BYTES must be a whole number');
    expect(refusal({ RUNTIME_MAX_CONNECTIONS_PER_KEY: '0' })).toContain(
      'RUNTIME_MAX_CONNECTIONS_PER_KEY must be a whole number from 1 to 10000000 (got "0")',
    );
    expect(refusal({ LOG_LEVEL: 'verbose' })).toContain(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    );
    expect(refusal({ TRUST_PROXY: 'yes' })).toContain(
      'TRUST_PROXY must be true, false, or the proxies’ IP addresses or CIDRs separated by commas (got "yes")',
    );
    expect(refusal({ TRUST_PROXY: '10.0.0.1,proxy.example.com' })).toContain('TRUST_PROXY must be');
    expect(refusal({ TRUST_PROXY: '10.0.0.0/33' })).toContain('TRUST_PROXY must be');
    expect(refusal({ NODE_ENV: 'prod' })).toContain(
      'NODE_ENV must be development, production or test (got "prod")',
    );
    expect(refusal({ AUTH_DEV_LOGIN: 'yes' })).toContain(
      'AUTH_DEV_LOGIN must be true, false, 1 or 0 (got "yes")',
    );
    expect(refusal({ EMBEDDED_PG_PORT: 'x' })).toContain(
      'EMBEDDED_PG_PORT must be a whole number from 1 to 65535 (got "x")',
    );
    expect(refusal({ PUBLIC_URL: 'console.example.com' })).toContain(
      'PUBLIC_URL must be an http:// or https:// URL (got "console.example.com")',
    );
    expect(refusal({ ALLOWED_EMAIL_DOMAINS: 'studio.com,@evil.com' })).toContain(
      'ALLOWED_EMAIL_DOMAINS must list e-mail domains separated by commas; "@evil.com" is not one',
    );
  });

  it('name every wrong variable at once', () => {
    const message = refusal({ PORT: 'abc', LOG_LEVEL: 'loud', BODY_LIMIT_BYTES: 'big' });
    expect(message.split('\n')).toEqual([
      'Invalid environment:',
      '  PORT must be a whole number from 0 to 65535 (got "abc")',
      '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      '  BODY_LIMIT_BYTES must be a whole number from 1 to 2147483647 (got "big")',
    ]);
  });

  it('never repeat a secret in the refusal', () => {
    const message = refusal({ DATABASE_URL: 'mysql://admin:hunter2@db.example.com/console' });
    expect(message).toBe('Invalid environment:\n  DATABASE_URL must be a postgresql:// URL');
    expect(message).not.toContain('hunter2');
  });

  it('refuse unsafe or half-made combinations', () => {
    const admins = { ADMIN_EMAILS: 'boss@studio.com' };
    const google = {
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://console.studio.com',
    };
    expect(
      refusal({ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true', SESSION_SECRET: 's', ...admins, ...google }),
    ).toBe('Invalid environment:\n  AUTH_DEV_LOGIN=true is refused when NODE_ENV=production');
    expect(refusal({ NODE_ENV: 'production', ...admins, ...google })).toBe(
      'Invalid environment:\n  SESSION_SECRET must be set when NODE_ENV=production',
    );
    expect(refusal({ NODE_ENV: 'production', SESSION_SECRET: 's', ...google })).toBe(
      'Invalid environment:\n  ADMIN_EMAILS must be set when NODE_ENV=production',
    );
    expect(refusal({ GOOGLE_CLIENT_ID: 'id' })).toContain(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (or neither)',
    );
  });

  it('configure sign-in through one OpenID Connect provider, Google being the shorthand', () => {
    const okta = {
      OIDC_ISSUER_URL: 'https://studio.okta.com/oauth2/default',
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 'okta-secret',
    };
    expect(readSettings(okta, DATABASE).oidc).toEqual({
      issuerUrl: 'https://studio.okta.com/oauth2/default',
      clientId: 'console',
      clientSecret: 'okta-secret',
      displayName: 'studio.okta.com',
      slug: 'oidc',
    });
    expect(readSettings({ ...okta, OIDC_DISPLAY_NAME: 'Okta' }, DATABASE).oidc?.displayName).toBe('Okta');
    expect(refusal({ OIDC_ISSUER_URL: 'https://studio.okta.com', OIDC_CLIENT_ID: 'console' })).toBe(
      'Invalid environment:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET must be set together (or none)',
    );
    expect(refusal({ ...okta, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' })).toContain(
      'OIDC_* and GOOGLE_* both configure sign-in: set one of them',
    );
    expect(refusal({ OIDC_DISPLAY_NAME: 'Okta' })).toContain('OIDC_DISPLAY_NAME needs OIDC_ISSUER_URL');
    expect(refusal({ ...okta, OIDC_ISSUER_URL: 'okta' })).toContain(
      'OIDC_ISSUER_URL must be an http:// or https:// URL (got "okta")',
    );
  });

  it('refuse to start in production without sign-in, or with a provider reached without TLS', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's', ADMIN_EMAILS: 'boss@studio.com' };
    expect(refusal(production)).toBe(
      'Invalid environment:\n  Sign-in must be configured when NODE_ENV=production: OIDC_ISSUER_URL, ' +
        'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
    );
    const keycloak = {
      OIDC_ISSUER_URL: 'http://keycloak:8080/realms/studio',
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 'kc-secret',
    };
    expect(refusal({ ...production, ...keycloak, PUBLIC_URL: 'https://console.studio.com' })).toBe(
      'Invalid environment:\n  OIDC_ISSUER_URL must be an https:// URL when NODE_ENV=production',
    );
    // Off production a local provider over http is fine (tests, a Keycloak beside the console).
    expect(readSettings(keycloak, DATABASE).oidc?.issuerUrl).toBe('http://keycloak:8080/realms/studio');
    const https = { ...keycloak, OIDC_ISSUER_URL: 'https://sso.studio.com/realms/studio' };
    expect(refusal({ ...production, ...https })).toBe(
      'Invalid environment:\n  PUBLIC_URL must be set when NODE_ENV=production: the sign-in redirect URI is built from it',
    );
    const settings = readSettings(
      { ...production, ...https, PUBLIC_URL: 'https://console.studio.com' },
      DATABASE,
    );
    expect(settings.devLogin).toBe(false);
  });

  it('read the metrics token and the shutdown bound', () => {
    const settings = readSettings(
      { METRICS_TOKEN: 'a-long-enough-token', SHUTDOWN_TIMEOUT_SECONDS: '30' },
      DATABASE,
    );
    expect(settings).toMatchObject({ metricsToken: 'a-long-enough-token', shutdownTimeoutMs: 30_000 });
    expect(refusal({ METRICS_TOKEN: 'short' })).toBe(
      'Invalid environment:\n  METRICS_TOKEN must be at least 16 characters',
    );
    expect(refusal({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toContain(
      'SHUTDOWN_TIMEOUT_SECONDS must be a whole number from 1 to 3600 (got "0")',
    );
  });

  it('stop `npm start` with the message, no stack, and a non-zero exit', async () => {
    const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    // DATABASE_URL points nowhere: were the environment read after the database, this still fails fast.
    const { PORT: _port, LOG_LEVEL: _level, ...inherited } = process.env;
    const run = await runProcess(process.execPath, serverProcessArgs(inject('serverBundle')), {
      cwd: serverDir,
      env: { ...inherited, PORT: 'abc', DATABASE_URL: DATABASE },
      // A cap against hanging only: on a loaded 2-core machine, starting a process takes seconds.
      timeoutMs: 90_000,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'The console could not start: Invalid environment:\n  PORT must be a whole number from 0 to 65535 (got "abc")',
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toContain('Live-ops console');
  });
});

describe('request guards configuration', () => {
  it('reads ALLOWED_ORIGINS as origins, refusing anything else', () => {
    expect(readSettings({}, DATABASE).allowedOrigins).toEqual([]);
    expect(
      readSettings({ ALLOWED_ORIGINS: ' https://tools.example.com, http://localhost:5173,' }, DATABASE)
        .allowedOrigins,
    ).toEqual(['https://tools.example.com', 'http://localhost:5173']);
    expect(refusal({ ALLOWED_ORIGINS: 'https://tools.example.com/path' })).toContain(
      'ALLOWED_ORIGINS must list origins (https://host[:port]) separated by commas; "https://tools.example.com/path" is not one',
    );
    expect(refusal({ ALLOWED_ORIGINS: 'tools.example.com' })).toContain('ALLOWED_ORIGINS must list origins');
  });

  it('reads the API rate limits per minute, 0 for none', () => {
    expect(readSettings({}, DATABASE).apiRateLimit).toEqual({
      perSession: 1200,
      perAddress: 3000,
      anonymousPerAddress: 1200,
    });
    expect(
      readSettings(
        {
          API_RATE_LIMIT_PER_SESSION: '0',
          API_RATE_LIMIT_PER_ADDRESS: '50',
          API_RATE_LIMIT_ANONYMOUS_PER_ADDRESS: '7',
        },
        DATABASE,
      ).apiRateLimit,
    ).toEqual({ perSession: 0, perAddress: 50, anonymousPerAddress: 7 });
    expect(refusal({ API_RATE_LIMIT_PER_SESSION: 'lots' })).toContain(
      'API_RATE_LIMIT_PER_SESSION must be a whole number from 0 to 2147483647 (got "lots")',
    );
  });
});

describe('hardening configuration', () => {
  it('bounds every wait on the database, in seconds, with defaults of a few seconds', () => {
    expect(readSettings({}, DATABASE).databaseLimits).toEqual({
      connectTimeoutMs: 1_000,
      statementTimeoutMs: 5_000,
      transactionTimeoutMs: 15_000,
    });
    const set = readSettings(
      {
        DATABASE_CONNECT_TIMEOUT_SECONDS: '3',
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '20',
        DATABASE_TRANSACTION_TIMEOUT_SECONDS: '30',
      },
      DATABASE,
    );
    expect(set.databaseLimits).toEqual({
      connectTimeoutMs: 3_000,
      statementTimeoutMs: 20_000,
      transactionTimeoutMs: 30_000,
    });
    expect(refusal({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' })).toContain(
      'DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number from 1 to 3600 (got "0")',
    );
    expect(
      refusal({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '30', DATABASE_TRANSACTION_TIMEOUT_SECONDS: '10' }),
    ).toContain('DATABASE_TRANSACTION_TIMEOUT_SECONDS must be at least DATABASE_STATEMENT_TIMEOUT_SECONDS');
  });

  it('checks the liveness of the embedded database only when the console started it', () => {
    expect(readSettings({}, DATABASE).embeddedDatabaseLivenessMs).toBeNull();
    const env = parseEnvSettings({ EMBEDDED_PG_LIVENESS_SECONDS: '12' });
    expect(settingsFromEnv(env, DATABASE, { isEmbedded: true }).embeddedDatabaseLivenessMs).toBe(12_000);
  });

  it('takes a separate owner for migrations only beside DATABASE_URL, never repeating either', () => {
    const owner = 'postgresql://owner:secret-owner@db.example:5432/console';
    expect(refusal({ DATABASE_OWNER_URL: owner })).toContain(
      'DATABASE_OWNER_URL needs DATABASE_URL (the serving role)',
    );
    expect(parseEnvSettings({ DATABASE_URL: DATABASE, DATABASE_OWNER_URL: owner }).DATABASE_OWNER_URL).toBe(
      owner,
    );
    expect(refusal({ DATABASE_URL: DATABASE, DATABASE_OWNER_URL: 'mysql://x' })).not.toContain('mysql');
  });

  it('listens on 127.0.0.1 with dev login unless HOST says otherwise, and requires PUBLIC_URL in production', () => {
    expect(readSettings({}, DATABASE)).toMatchObject({
      host: '127.0.0.1',
      devLogin: true,
      isPublicUrlSet: false,
    });
    expect(readSettings({ HOST: '0.0.0.0' }, DATABASE).host).toBe('0.0.0.0');
    expect(readSettings({ AUTH_DEV_LOGIN: 'false' }, DATABASE).host).toBe('0.0.0.0');
    expect(readSettings({ PUBLIC_URL: 'https://console.example.com' }, DATABASE).isPublicUrlSet).toBe(true);
    expect(
      refusal({
        NODE_ENV: 'production',
        SESSION_SECRET: 's',
        ADMIN_EMAILS: 'a@b.c',
        GOOGLE_CLIENT_ID: 'i',
        GOOGLE_CLIENT_SECRET: 's',
      }),
    ).toContain('PUBLIC_URL must be set when NODE_ENV=production');
  });
});
