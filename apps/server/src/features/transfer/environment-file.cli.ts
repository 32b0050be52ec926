import { createDb, type Db } from '../../db/client.ts';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { createUnitOfWork } from '../../db/unit-of-work.ts';
import { parseEnvSettings, REPO_ROOT } from '../../settings.ts';
import { transferGroups } from '../../transfer-groups.ts';
import { unitOfWorkSteps } from '../../unit-of-work-steps.ts';
import { CommandError, runExport, runImport } from './environment-file.commands.ts';

// Entry of `npm run env:export` and `npm run env:import` (argv: the command, then its options). The
// database is found as by db:migrate and db:seed: DATABASE_URL, or the embedded one under .data/
// (then with the console stopped, since one PostgreSQL owns that directory at a time).

const [command, ...argv] = process.argv.slice(2);
// npm runs workspace scripts in the workspace; paths are the operator's, from where npm was run
const io = {
  cwd: process.env.INIT_CWD ?? REPO_ROOT,
  out: (text: string) => process.stdout.write(text),
  // An entry point, like app.ts, composes the groups: the transfer itself knows no feature
  groups: transferGroups,
};

let database: DatabaseHandle | undefined;
let db: Db | undefined;
try {
  database = await openDatabase(parseEnvSettings(process.env));
  db = createDb(database.url);
  const revisionsKept = parseEnvSettings(process.env).RUNTIME_REVISIONS_KEPT;
  // The server's steps: an import publishes the destination's runtime revision in its transaction,
  // notifies webhooks, and is refused in an environment that requires review
  const unitOfWork = createUnitOfWork(db, unitOfWorkSteps({ revisionsKept }));
  if (command === 'export') await runExport(unitOfWork, argv, io);
  else if (command === 'import') await runImport(unitOfWork, argv, io);
  else throw new CommandError(`Unknown command ${command ?? '(none)'}: export or import`);
} catch (error) {
  // A refusal's message names the option or the file's field; nothing was changed
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db?.$disconnect();
  await database?.stop();
}
