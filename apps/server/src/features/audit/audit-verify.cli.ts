import { describeAuditProblem, describeAuditVerification } from '@console/domain/audit';
import { createDb, type Db } from '../../db/client.ts';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { DEFAULT_DATABASE_LIMITS } from '../../db/pool.ts';
import { parseEnvSettings } from '../../settings.ts';
import { verifyAudit } from './audit.service.ts';

// Entry of `npm run audit:verify`: checks the whole audit log against its sealed chains and names every
// entry inserted, changed or missing; exits 1 when the log is not intact (or the check could not run),
// so a scheduled job can alert on it. The database is found as by db:migrate: DATABASE_URL (the serving
// role suffices: the check is the owner's function), or the embedded one under .data/ (with the
// console stopped, since one PostgreSQL owns that directory at a time).

let database: DatabaseHandle | undefined;
let db: Db | undefined;
try {
  database = await openDatabase(parseEnvSettings(process.env));
  // The check reads the whole log in one statement: a long log may take longer than a request may.
  const hour = 3_600_000;
  db = createDb(database.url, {
    poolSize: 1,
    limits: { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: hour, transactionTimeoutMs: hour },
  });
  // Every finding, however many
  const result = await verifyAudit(db, { limit: Number.POSITIVE_INFINITY });
  console.log(describeAuditVerification(result));
  for (const problem of result.problems) console.log(`- ${describeAuditProblem(problem)}`);
  if (!result.isIntact) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db?.$disconnect();
  await database?.stop();
}
