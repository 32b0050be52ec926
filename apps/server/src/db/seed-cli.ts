import { MIGRATIONS_DIR, parseEnv } from '../config.ts';
import { seedEnvironments } from '../features/environment/environment.service.ts';
import { createDb, type Db } from './client.ts';
import { type DatabaseHandle, openDatabase, prepareDatabase } from './database.ts';

let database: DatabaseHandle | undefined;
let db: Db | undefined;
try {
  database = await openDatabase(parseEnv(process.env));
  await prepareDatabase(database, MIGRATIONS_DIR);
  db = createDb(database.url);
  await seedEnvironments(db);
  console.log('Seeded.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db?.$disconnect();
  await database?.stop();
}
