import { parseArgs } from 'node:util';
import { CONSOLE_ACTOR, createConsoleContext, createEnvironmentContext } from '../context.ts';
import { environmentSetup } from '../environment-setup.ts';
import { createEnvironment, seedEnvironments } from '../features/environment/environment.service.ts';
import { publishRevision } from '../features/publishing/publish.service.ts';
import { MIGRATIONS_DIR, parseEnvSettings } from '../settings.ts';
import { unitOfWorkSteps } from '../unit-of-work-steps.ts';
import { createDb, type Db } from './client.ts';
import { openConnection } from './connection.ts';
import { type DatabaseHandle, openDatabase, prepareDatabase } from './database.ts';
import { analyzeSeeded, SEED_SIZES, SEEDER, type SeedSizeName, seedFifthYear } from './seed-fifth-year.ts';
import { createUnitOfWork } from './unit-of-work.ts';

// `npm run db:seed`: the seeded environments; with `-- --size fifth-year` (or small) also an environment
// holding a game's fifth year (db/seed-fifth-year.ts), `--environment <id>` (default fifth-year), created
// when missing.

const { values } = parseArgs({
  options: { size: { type: 'string' }, environment: { type: 'string', default: 'fifth-year' } },
});
const sizeName = values.size;
if (sizeName !== undefined && !Object.hasOwn(SEED_SIZES, sizeName)) {
  console.error(`--size must be one of ${Object.keys(SEED_SIZES).join(', ')}`);
  process.exit(2);
}

let database: DatabaseHandle | undefined;
let db: Db | undefined;
try {
  database = await openDatabase(parseEnvSettings(process.env));
  await prepareDatabase(database, MIGRATIONS_DIR);
  db = createDb(database.url);
  const revisionsKept = parseEnvSettings(process.env).RUNTIME_REVISIONS_KEPT;
  // The server's steps: a created environment publishes its first revision with its audit entry, and
  // webhooks hear of it. Review refuses nothing here: the seeded environments are written without an
  // audit entry, and a created one starts with the default policy, which requires none.
  const unitOfWork = createUnitOfWork(db, unitOfWorkSteps({ revisionsKept }));
  await seedEnvironments(createConsoleContext(unitOfWork, CONSOLE_ACTOR), environmentSetup);
  if (sizeName !== undefined) {
    const environmentId = values.environment;
    // The fifth year is written as its named seeding user.
    const seeder = createEnvironmentContext(unitOfWork, { email: SEEDER }, environmentId);
    const started = performance.now();
    const exists = await db.environment.count({ where: { id: environmentId } });
    if (exists === 0) {
      await createEnvironment(seeder, { invalidate() {} }, environmentSetup, {
        configurationId: environmentId,
      });
    }
    const owner = await openConnection(database.ownerUrl);
    try {
      const counts = await seedFifthYear(owner, environmentId, SEED_SIZES[sizeName as SeedSizeName]);
      const seeded = performance.now();
      await analyzeSeeded(owner);
      const analyzed = performance.now();
      // The seeded content, published as one revision, so game servers of the environment receive it.
      await seeder.mutate((unit) => publishRevision(unit, []));
      const [writing, analyzing, publishing] = [
        seeded - started,
        analyzed - seeded,
        performance.now() - analyzed,
      ].map((ms) => (ms / 1000).toFixed(1));
      console.log(`(writing ${writing} s, vacuum and analyze ${analyzing} s, publishing ${publishing} s)`);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Seeded ${environmentId} (${sizeName}) in ${seconds} s: ${counts.abTests} A/B-tests, ` +
          `${counts.configurations} configurations, ${counts.pluginEntries} plugin entries, ${counts.auditEntries} audit entries.`,
      );
    } finally {
      await owner.end();
    }
  }
  console.log('Seeded.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db?.$disconnect();
  await database?.stop();
}
