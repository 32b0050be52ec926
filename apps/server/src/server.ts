import { buildApp } from './app.ts';
import { CONSOLE_ACTOR, createConsoleContext } from './context.ts';
import { type DatabaseHandle, openDatabase, prepareDatabase } from './db/database.ts';
import { loginPathOf } from './features/auth/oidc-login.routes.ts';
import { seedEnvironments } from './features/environment/environment.service.ts';
import { closeGracefully } from './http/graceful-close.ts';
import { type AppSettings, MIGRATIONS_DIR, parseEnvSettings, settingsFromEnv } from './settings.ts';

/** Who administers the console: said at start-up, so a local start's open door is never a surprise. */
function rolesLine(settings: AppSettings): string {
  if (settings.devLoginAdmins) {
    return '  Roles: everyone signing in by dev login becomes an admin (no ADMIN_EMAILS set; set it to choose admins)';
  }
  if (settings.adminEmails.length === 0) {
    return `  Roles: no admin (set ADMIN_EMAILS); everyone signing in starts as ${settings.defaultRole}`;
  }
  return `  Roles: admins ${settings.adminEmails.join(', ')}; everyone else starts as ${settings.defaultRole}`;
}

/** Where the console listens: said at start-up, so a local start's loopback-only default is no surprise. */
function listeningLine(settings: AppSettings): string {
  const where = `  Listening on ${settings.host}:${settings.port}`;
  if (settings.host === '127.0.0.1' && settings.devLogin && process.env.HOST === undefined) {
    return `${where} only: dev login is on, so only this machine may reach it (HOST=0.0.0.0 listens on every address)`;
  }
  return settings.isPublicUrlSet
    ? `${where}; requests are served only when addressed to ${settings.publicUrl}`
    : `${where}; requests are served only when addressed to a loopback name (set PUBLIC_URL to serve others)`;
}

/**
 * Why the start failed, in one line: the error's message and those of its causes (a driver's error
 * often says more than the wrapper), never "undefined".
 */
function describeStartFailure(error: unknown): string {
  const messages: string[] = [];
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 5; depth += 1) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (message && !messages.some((seen) => seen.includes(message))) messages.push(message);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return messages.join(': ') || 'an unknown error (nothing was said)';
}

/** How operators sign in: said at start-up with the redirect URI to register at the provider. */
function signInLines(settings: AppSettings): string[] {
  const lines: string[] = [];
  if (settings.oidc) {
    const callback = `${settings.publicUrl}${loginPathOf(settings.oidc)}/callback`;
    lines.push(
      `  Sign in: with ${settings.oidc.displayName} (${settings.oidc.issuerUrl}); its redirect URI is ${callback}`,
    );
  }
  if (settings.devLogin) {
    lines.push(
      `  Sign in: open ${settings.publicUrl}/login and enter any e-mail (dev login is on; AUTH_DEV_LOGIN=false turns it off)`,
    );
  }
  if (lines.length === 0)
    lines.push('  Sign in: nobody can (set OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)');
  return lines;
}

/** `npm start`: environment, database (embedded unless DATABASE_URL), migrations, seed, then listen. */
async function main() {
  let database: DatabaseHandle | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let settings: AppSettings | undefined;
  // A second signal while stopping is not caught: it ends the process at once.
  const shutdown = async (signal: NodeJS.Signals) => {
    let code = 0;
    const timeoutMs = settings?.shutdownTimeoutMs ?? 10_000;
    console.log(`\n  ${signal}: stopping (requests in flight have ${timeoutMs / 1000} s to finish)`);
    try {
      if (app && !(await closeGracefully(app, timeoutMs))) code = 1;
    } catch (error) {
      console.error('Shutdown failed:', error);
      code = 1;
    }
    await database?.stop();
    process.exit(code);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    // Parsed first: a wrong variable refuses to start before a database is opened.
    const env = parseEnvSettings(process.env);
    // The shutdown above stops the database after the app closed (which still writes to it).
    database = await openDatabase(env, { ownsShutdownSignals: true });
    const { applied, serving } = await prepareDatabase(database, MIGRATIONS_DIR);
    settings = settingsFromEnv(env, database.url, { isEmbedded: database.isEmbedded });
    app = await buildApp({ settings });
    await seedEnvironments(createConsoleContext(app.unitOfWork, CONSOLE_ACTOR), app.environmentSetup);
    await app.listen({ port: settings.port, host: settings.host });
    const lines = [
      '',
      `  Live-ops console: ${settings.publicUrl}`,
      listeningLine(settings),
      `  Database: ${database.description}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`,
      `  Database role: ${serving}`,
      `  API docs: ${settings.publicUrl}/docs`,
      ...signInLines(settings),
      rolesLine(settings),
      settings.webDistDir ? '' : '  (web app not built: run `npm run build` or use `npm run dev`)\n',
    ];
    console.log(lines.join('\n'));
  } catch (error) {
    // The message only: start-up refusals name what is wrong; a stack would bury it.
    console.error(`\nThe console could not start: ${describeStartFailure(error)}\n`);
    await app?.close().catch(() => {});
    await database?.stop().catch(() => {});
    process.exit(1);
  }
}

await main();
