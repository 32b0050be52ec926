import { MIGRATIONS_DIR } from '../config.ts';
import { seedEnvironments } from '../features/environment/environment.service.ts';
import { createDb } from './client.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrator.ts';

const database = await openDatabase(process.env);
const db = createDb(database.url);
try {
  await migrate(database.url, MIGRATIONS_DIR);
  await seedEnvironments(db);
  console.log('Seeded.');
} finally {
  await db.$disconnect();
  await database.stop();
}
