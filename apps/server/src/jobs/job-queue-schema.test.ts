import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../settings.ts';
import { JOB_QUEUE_SCHEMA } from './job-queue.ts';

// The job queue's schema is created by our migration, not by pg-boss at start-up: the migration must hold
// exactly the statements of the installed pg-boss's construction plan, so an upgrade of pg-boss that
// changes its schema fails here (and then needs a migration of its own, from PgBoss.getMigrationPlans).

const MIGRATION = join(MIGRATIONS_DIR, '20261204000000_job_queue', 'migration.sql');

/** The plan's statements without the transaction and advisory lock it wraps them in. */
function constructionStatements(): string {
  const plan = PgBoss.getConstructionPlans(JOB_QUEUE_SCHEMA);
  return plan.slice(plan.indexOf('CREATE SCHEMA'), plan.lastIndexOf('COMMIT;')).trimEnd();
}

describe('the job queue migration', () => {
  it("holds the installed pg-boss's construction plan", () => {
    const statements = constructionStatements();
    expect(statements).toContain(`CREATE SCHEMA IF NOT EXISTS ${JOB_QUEUE_SCHEMA}`);
    expect(readFileSync(MIGRATION, 'utf8')).toContain(statements);
  });
});
