// The set-up the runtime benchmarks share (bench-revisions.ts, bench-delivery.ts): a console over a fresh
// database of its own, and its environments seeded for SIZES. Each seeded environment holds `size`
// configurations, seeded with bulk SQL, its active sets filling every plugin id (at most
// MAX_DRAFT_ENTRIES entries, A/B-tests of CASES cases, one configuration per case); the configurations
// that do not fit are switched off, so the snapshot holds as many as the plugin ids allow.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { activationSettingsSchema } from '@console/domain/config';
import { PLUGIN_IDS } from '@console/domain/operations';
import { MAX_DRAFT_ENTRIES } from '@console/domain/plugin';
import {
  buildTestApp,
  cloneDatabase,
  createTemplateDatabase,
  startTestPostgres,
} from '@console/server/testing';
import pg from 'pg';
import { runInTransaction } from '../apps/server/src/db/transaction.ts';
import { publishRevision } from '../apps/server/src/features/publishing/publish.service.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** The environments' sizes (configurations), compared with each other. */
export const SIZES = [1_000, 10_000] as const;
/** How long a bench waits for something the console does by itself before it gives up. */
export const GIVE_UP_MS = 30_000;
const PUBLISHER = { email: 'bench@example.com' };
const CASES = 10;

/** Bulk SQL: `count` configurations in `environmentId`, as many as the plugin ids' active sets hold switched on. */
async function seedConfigurations(
  client: pg.Client,
  environmentId: string,
  count: number,
): Promise<string[]> {
  const capacity = PLUGIN_IDS.length * MAX_DRAFT_ENTRIES * CASES;
  const served = Math.min(count, capacity);
  const tests = Math.ceil(served / CASES);
  const activation = JSON.stringify(activationSettingsSchema.parse({ minLevel: 1 }));
  const weights = Array.from({ length: CASES }, () => 1_000_000 / CASES);
  await client.query(
    `INSERT INTO configuration (environment_id, id, kind, active, activation, data)
     SELECT $1, 'cfg-' || lpad(i::text, 5, '0'), 'event/gr', i < $3, $4::jsonb,
            jsonb_build_object('kind', 'event/gr', 'reward', i, 'note', repeat('x', 200))
       FROM generate_series(0, $2 - 1) i`,
    [environmentId, count, served, activation],
  );
  await client.query(
    `INSERT INTO ab_test (environment_id, id, type, active, segment, salt)
     SELECT $1, 'test-' || lpad(t::text, 4, '0'), 0, true, '{"conditions": []}'::jsonb, 'salt-' || t
       FROM generate_series(0, $2 - 1) t`,
    [environmentId, tests],
  );
  await client.query(
    `INSERT INTO ab_test_version (environment_id, ab_test_id, version, active, cases, last_modifier)
     SELECT $1, 'test-' || lpad(t::text, 4, '0'), 1, true, $3::int[], 'bench'
       FROM generate_series(0, $2 - 1) t`,
    [environmentId, tests, weights],
  );
  await client.query(
    `INSERT INTO plugin (environment_id, id, active) SELECT $1, unnest($2::int[]), true
     ON CONFLICT (environment_id, id) DO UPDATE SET active = true`,
    [environmentId, PLUGIN_IDS],
  );
  // Test t is entry t / plugins of plugin t % plugins; its case c names configuration t * CASES + c.
  await client.query(
    `INSERT INTO plugin_ab_test_entry
            (environment_id, plugin_id, state, position, ab_test_id, ab_test_version, configurations)
     SELECT $1, ($3::int[])[t % array_length($3::int[], 1) + 1], 'active', t / array_length($3::int[], 1),
            'test-' || lpad(t::text, 4, '0'), 1,
            ARRAY(SELECT 'cfg-' || lpad((t * $4 + c)::text, 5, '0') FROM generate_series(0, $4 - 1) c)
       FROM generate_series(0, $2 - 1) t`,
    [environmentId, tests, PLUGIN_IDS, CASES],
  );
  return Array.from({ length: served }, (_, i) => `cfg-${String(i).padStart(5, '0')}`);
}

setFlagsFromString('--expose-gc');
/** A full garbage collection, so a measurement starts without the previous one's garbage. */
export const gc = runInNewContext('gc') as () => void;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** An environment seeded and published: its id, and the configurations its snapshot serves. */
export interface SeededEnvironment {
  environmentId: string;
  served: string[];
}

export interface BenchConsole {
  app: App;
  /** A connection of its own to the console's database, for bulk SQL and reading sizes. */
  client: pg.Client;
  /** Seeds the next unused environment with `size` configurations and publishes them. */
  seed(size: number): Promise<SeededEnvironment>;
}

/**
 * Runs `measure` against a console (not listening yet) over a database of its own, on a PostgreSQL of
 * its own, and stops them all after, whatever `measure` does.
 */
export async function withBenchConsole<T>(measure: (bench: BenchConsole) => Promise<T>): Promise<T> {
  const postgres = await startTestPostgres();
  const template = await createTemplateDatabase(postgres);
  const database = await cloneDatabase(postgres.adminUrl, template, postgres.prefix);
  const app = await buildTestApp(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM environment ORDER BY id');
    const unused = rows.map((row) => row.id);
    const seed = async (size: number): Promise<SeededEnvironment> => {
      const environmentId = unused.shift();
      if (environmentId === undefined) throw new Error('the console has no environment left to seed');
      const served = await seedConfigurations(client, environmentId, size);
      await publishChanges(app, environmentId);
      return { environmentId, served };
    };
    return await measure({ app, client, seed });
  } finally {
    await client.end();
    await app.close();
    await database.drop();
    await postgres.stop();
  }
}

/** Publishes what changed in the environment, in a transaction, as a change's unit of work runs it. */
export const publishChanges = (app: App, environmentId: string) =>
  runInTransaction(app.db, (tx) => publishRevision({ tx, environmentId, actor: PUBLISHER }, []));

/**
 * The data of one configuration in the middle of the served list changed in SQL (`value` its new
 * reward), for the next publish to carry.
 */
export async function changeOneConfiguration(
  client: pg.Client,
  { environmentId, served }: SeededEnvironment,
  value: number,
): Promise<void> {
  await client.query(
    `UPDATE configuration SET data = jsonb_set(data, '{reward}', to_jsonb($3::int))
      WHERE environment_id = $1 AND id = $2`,
    [environmentId, served[Math.floor(served.length / 2)], value],
  );
}
