import { buildApp } from './app.ts';
import { MIGRATIONS_DIR, readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrator.ts';
import { seedEnvironments } from './features/environment/environment.service.ts';

/** `npm start`: database (embedded unless DATABASE_URL), migrations, seed, then listen. */
async function main() {
  const database = await openDatabase(process.env);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const shutdown = async () => {
    await app?.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    const applied = await migrate(database.url, MIGRATIONS_DIR);
    const config = readConfig(process.env, database.url);
    app = await buildApp({ config });
    await seedEnvironments(app.db);
    const port = Number(process.env.PORT ?? 3000);
    await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
    const lines = [
      '',
      `  Live-ops console: ${config.publicUrl}`,
      `  Database: ${database.description}${applied.length ? ` (applied ${applied.join(', ')})` : ''}`,
      `  API docs: ${config.publicUrl}/docs`,
      config.devLogin
        ? `  Sign in: open ${config.publicUrl}/login and enter any e-mail (dev login is on; AUTH_DEV_LOGIN=false turns it off)`
        : '  Sign in: with Google (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, PUBLIC_URL)',
      config.webDistDir ? '' : '  (web app not built: run `npm run build` or use `npm run dev`)\n',
    ];
    console.log(lines.join('\n'));
  } catch (error) {
    console.error(
      `\nThe console could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    await app?.close().catch(() => {});
    await database.stop().catch(() => {});
    process.exit(1);
  }
}

await main();
