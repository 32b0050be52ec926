import { MIGRATIONS_DIR, parseEnvSettings } from '../settings.ts';
import { type DatabaseHandle, openDatabase, prepareDatabase } from './database.ts';

let database: DatabaseHandle | undefined;
try {
  database = await openDatabase(parseEnvSettings(process.env));
  const { applied } = await prepareDatabase(database, MIGRATIONS_DIR);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database?.stop();
}
