// The environments the runtime benchmarks measure (bench-revisions.ts, bench-delivery.ts): `count`
// configurations seeded with bulk SQL, each environment's active sets filling every plugin id (at most
// MAX_DRAFT_ENTRIES entries, A/B-tests of CASES cases, one configuration per case); the configurations
// that do not fit are switched off, so the snapshot holds as many as the plugin ids allow.
import { activationSettingsSchema } from '@console/domain/config';
import { PLUGIN_IDS } from '@console/domain/operations';
import { MAX_DRAFT_ENTRIES } from '@console/domain/plugin';
import type pg from 'pg';

const CASES = 10;

/** Bulk SQL: `count` configurations in `environmentId`, as many as the plugin ids' active sets hold switched on. */
export async function seedConfigurations(
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

/** One configuration's data changed in SQL (`value` its new reward), for the next publish to carry. */
export async function changeConfiguration(
  client: pg.Client,
  environmentId: string,
  configurationId: string,
  value: number,
): Promise<void> {
  await client.query(
    `UPDATE configuration SET data = jsonb_set(data, '{reward}', to_jsonb($3::int))
      WHERE environment_id = $1 AND id = $2`,
    [environmentId, configurationId, value],
  );
}
