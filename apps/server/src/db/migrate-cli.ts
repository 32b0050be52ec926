import { MIGRATIONS_DIR, parseEnv } from '../config.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { migrate } from './migrator.ts';

let database: DatabaseHandle | undefined;
try {
  database = await openDatabase(parseEnv(process.env));
  const applied = await migrate(database.url, MIGRATIONS_DIR);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database?.stop();
}
