import { MIGRATIONS_DIR } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrator.ts';

const database = await openDatabase(process.env);
try {
  const applied = await migrate(database.url, MIGRATIONS_DIR);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.stop();
}
