import type pg from 'pg';
import { openConnection } from './connection.ts';

// Least privilege in the database: migrations run as the database's owner; the console serves as a
// role that owns nothing and may only read and write the application's tables, the audit log only by
// appending (no UPDATE, DELETE or TRUNCATE: with the append-only trigger, whoever is not the owner
// cannot rewrite it), and the migrations' bookkeeping only by reading. Not a superuser, it can neither
// disable triggers (an owner's right) nor set session_replication_role nor run COPY ... PROGRAM.

/** The tables the serving role may read and append to, but never change. */
const APPEND_ONLY_TABLES = ['audit_entry'];
/** The tables the serving role may only read. */
const READ_ONLY_TABLES = ['_prisma_migrations'];
/**
 * The audit log's seals and chain heads: only the owner's functions touch them (docs/decisions/0059,
 * Audit Log, "Sealed chain"), so an entry the serving role inserts by itself stays unsealed.
 */
const OWNER_ONLY_TABLES = ['audit_seal', 'audit_chain_head'];
/** The owner's functions the serving role calls: the one way to write audit entries, the check, partitions. */
const SERVING_FUNCTIONS = [
  'public.audit_append(jsonb)',
  'public.audit_verify()',
  // the raw events' day partitions (migration 20261204300000_experiment_events)
  'public.experiment_event_partitions_ensure(integer,integer)',
  'public.experiment_event_partitions_drop(integer)',
];
/**
 * The job queue's schema (migration 20261204000000_job_queue): the serving role reads and writes its
 * tables and creates a queue only through the owner's function, so it still owns nothing.
 */
const JOB_QUEUE_SCHEMA = 'pgboss';
const JOB_QUEUE_FUNCTIONS = [`${JOB_QUEUE_SCHEMA}.create_queue(text, json)`];
/** Built-in roles whose members may run programs or read and write files as the database's OS user. */
const SERVER_ACCESS_ROLES = ['pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files'];

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await openConnection(url);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The user a PostgreSQL URL signs in as. */
export const userOf = (url: string): string => decodeURIComponent(new URL(url).username);

/**
 * Gives the serving role exactly its privileges on the application's tables, as they are now (run
 * after every migration, so tables added later are covered), in one transaction. Runs as the owner.
 */
export async function grantServingPrivileges(ownerUrl: string, servingRole: string): Promise<void> {
  await withClient(ownerUrl, async (client) => {
    const role = client.escapeIdentifier(servingRole);
    const tables = async (names: string[]) => {
      const { rows } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname = ANY($1::text[])`,
        [names],
      );
      return rows.map((row) => `public.${client.escapeIdentifier(row.name)}`);
    };
    const appendOnly = await tables(APPEND_ONLY_TABLES);
    const readOnly = await tables(READ_ONLY_TABLES);
    const ownerOnly = await tables(OWNER_ONLY_TABLES);
    const { rows: functions } = await client.query<{ name: string }>(
      'SELECT to_regprocedure(name)::text AS name FROM unnest($1::text[]) AS wanted(name) WHERE to_regprocedure(name) IS NOT NULL',
      [SERVING_FUNCTIONS],
    );
    const { rows: queueSchemas } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
      JOB_QUEUE_SCHEMA,
    ]);
    const { rows } = await client.query<{ database: string }>('SELECT current_database() AS database');
    const database = client.escapeIdentifier(rows[0]!.database);
    await client.query('BEGIN');
    try {
      await client.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${database} TO ${role}`);
      await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
      await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`);
      await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
      for (const table of appendOnly) await client.query(`REVOKE UPDATE, DELETE ON ${table} FROM ${role}`);
      for (const table of readOnly)
        await client.query(`REVOKE INSERT, UPDATE, DELETE ON ${table} FROM ${role}`);
      for (const table of ownerOnly) await client.query(`REVOKE ALL ON ${table} FROM ${role}`);
      for (const { name } of functions) await client.query(`GRANT EXECUTE ON FUNCTION ${name} TO ${role}`);
      if (queueSchemas.length > 0) {
        await client.query(`GRANT USAGE ON SCHEMA ${JOB_QUEUE_SCHEMA} TO ${role}`);
        await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${JOB_QUEUE_SCHEMA} FROM ${role}`);
        await client.query(
          `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_QUEUE_SCHEMA} TO ${role}`,
        );
        for (const name of JOB_QUEUE_FUNCTIONS)
          await client.query(`GRANT EXECUTE ON FUNCTION ${name} TO ${role}`);
      }
      await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role}`);
      await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
}

/**
 * What makes a role unfit to serve (it could rewrite the audit log or reach the machine), in words for
 * a start-up refusal; empty when it is fit. Asked on the application's database.
 */
export async function findServingRoleProblems(url: string, servingRole: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{
      isSuperuser: boolean;
      ownsDatabase: boolean;
      ownsSchemas: boolean;
      ownsRelations: boolean;
      serverAccess: boolean;
    }>(
      `SELECT r.rolsuper AS "isSuperuser",
              EXISTS (SELECT 1 FROM pg_database d WHERE d.datname = current_database() AND d.datdba = r.oid) AS "ownsDatabase",
              EXISTS (SELECT 1 FROM pg_namespace n WHERE n.nspowner = r.oid) AS "ownsSchemas",
              EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE c.relowner = r.oid AND n.nspname NOT IN ('pg_catalog', 'information_schema')
                         AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast%') AS "ownsRelations",
              EXISTS (SELECT 1 FROM unnest($2::text[]) AS access(name)
                       WHERE pg_has_role(r.oid, access.name, 'MEMBER')) AS "serverAccess"
         FROM pg_roles r WHERE r.rolname = $1`,
      [servingRole, SERVER_ACCESS_ROLES],
    );
    const found = rows[0];
    if (!found) return [`the role ${servingRole} does not exist`];
    return [
      ...(found.isSuperuser ? ['it is a superuser'] : []),
      ...(found.ownsDatabase ? ['it owns the database'] : []),
      ...(found.ownsSchemas || found.ownsRelations ? ['it owns schemas or tables'] : []),
      ...(found.serverAccess ? [`it is a member of ${SERVER_ACCESS_ROLES.join(', ')}`] : []),
    ];
  });
}

/**
 * Creates a login role that owns nothing and holds no special rights, or sets its password when it
 * exists (the embedded database's serving role; also the tests'). Runs as a superuser of the cluster.
 */
export async function ensureLoginRole(adminUrl: string, name: string, password: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const role = client.escapeIdentifier(name);
    const secret = client.escapeLiteral(password);
    const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT';
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
    if (rowCount) await client.query(`ALTER ROLE ${role} ${attributes} PASSWORD ${secret}`);
    else await client.query(`CREATE ROLE ${role} ${attributes} PASSWORD ${secret}`);
  });
}
