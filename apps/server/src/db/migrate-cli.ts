import { MIGRATIONS_DIR, parseEnv } from '../config.ts';
import { type DatabaseHandle, openDatabase, prepareDatabase } from './database.ts';

let database: DatabaseHandle | undefined;
try {
  database = await openDatabase(parseEnv(process.env));
  const { applied } = await prepareDatabase(database, MIGRATIONS_DIR);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database?.stop();
}
