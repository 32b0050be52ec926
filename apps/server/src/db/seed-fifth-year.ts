import {
  CONFIG_KIND_IDS,
  configKindOf,
  configKindOfPlugin,
  defaultActivationSettings,
  defaultConfigData,
} from '@console/domain/config';
import { PLUGIN_IDS } from '@console/domain/operations';
import { rangesAfterActivation } from '@console/domain/runtime';
import type pg from 'pg';

// A game in its fifth year, for tests and benchmarks (`npm run db:seed -- --size fifth-year`): 10,000
// A/B-tests with three versions and a segment each, 10,000 configurations across the kinds, plugins with
// active sets and drafts, and 1,000,000 audit entries sealed into the environment's chain, so
// `npm run audit:verify` still finds the log intact. Written with set-based SQL (generate_series), in
// one transaction, as the database owner.

export interface SeedSize {
  abTests: number;
  configurations: number;
  auditEntries: number;
  /** Entries per plugin's active set (its draft holds these and two more). */
  entriesPerSet: number;
}

export const SEED_SIZES = {
  'fifth-year': { abTests: 10_000, configurations: 10_000, auditEntries: 1_000_000, entriesPerSet: 10 },
  small: { abTests: 20, configurations: 20, auditEntries: 20, entriesPerSet: 2 },
} as const satisfies Record<string, SeedSize>;
export type SeedSizeName = keyof typeof SEED_SIZES;

export const SEEDER = 'seed@fifth-year.example';
/** Five years of history, up to the seeding. */
const HISTORY_MS = 5 * 365 * 24 * 3600 * 1000;

const WEIGHTS = [
  [500_000, 500_000],
  [600_000, 400_000],
  [700_000, 300_000],
] as const;

/** What the seed wrote, for the CLI's line. */
export interface SeedCounts {
  abTests: number;
  configurations: number;
  pluginEntries: number;
  auditEntries: number;
}

/** Seeds `environmentId` (which must exist and hold no A/B-tests or configurations yet). */
export async function seedFifthYear(
  client: pg.Client,
  environmentId: string,
  size: SeedSize,
  now = Date.now(),
): Promise<SeedCounts> {
  const start = new Date(now - HISTORY_MS).toISOString();
  const step = `${HISTORY_MS / Math.max(size.auditEntries, 1)} milliseconds`;
  const firstRanges = rangesAfterActivation(null, WEIGHTS[0], false);
  const secondRanges = rangesAfterActivation(firstRanges, WEIGHTS[1], false);
  await client.query('BEGIN');
  try {
    const { rows: existing } = await client.query<{ count: number }>(
      `SELECT (SELECT count(*) FROM ab_test WHERE environment_id = $1)
            + (SELECT count(*) FROM configuration WHERE environment_id = $1) AS count`,
      [environmentId],
    );
    if (Number(existing[0]?.count) > 0) {
      throw new Error(
        `Environment ${environmentId} already holds A/B-tests or configurations: seed an empty one`,
      );
    }
    // A/B-tests: every fourth inactive; types in turn; one Platform condition each.
    await client.query(
      `INSERT INTO ab_test (environment_id, id, description, type, active, case_descriptions, segment, salt,
                            created, modified, last_modifier)
       SELECT $1, 'ab-' || lpad(i::text, 5, '0'),
              (ARRAY['Spring sale', 'Level pacing', 'Store layout', 'Duel odds', 'Streak rewards'])[1 + i % 5]
                || ' ' || i,
              (ARRAY[0, 10, 20])[1 + i % 3], i % 4 <> 0, ARRAY['control', 'treatment'],
              jsonb_build_object('conditions', jsonb_build_array(jsonb_build_object(
                'property', 2, 'op', 1, 'value', CASE WHEN i % 2 = 0 THEN 'ios' ELSE 'android' END))),
              md5('fifth-year' || i), $2::timestamptz + i * interval '3 hours',
              $2::timestamptz + i * interval '3 hours' + (i % 97) * interval '1 day', $3
         FROM generate_series(1, $4::int) AS i`,
      [environmentId, start, SEEDER, size.abTests],
    );
    // Three versions each; an active test serves version 0, and version 1 from every other one on.
    await client.query(
      `INSERT INTO ab_test_version (environment_id, ab_test_id, version, active, cases, ranges, created, last_modifier)
       SELECT t.environment_id, t.id, v,
              t.active AND (v = 0 OR (v = 1 AND right(t.id, 1)::int % 2 = 0)),
              ARRAY(SELECT jsonb_array_elements_text($2::jsonb -> v)::int),
              CASE WHEN NOT t.active THEN NULL WHEN v = 0 THEN $3::jsonb
                   WHEN v = 1 AND right(t.id, 1)::int % 2 = 0 THEN $4::jsonb END,
              t.created + v * interval '1 day', $5
         FROM ab_test t CROSS JOIN generate_series(0, 2) AS v
        WHERE t.environment_id = $1`,
      [
        environmentId,
        JSON.stringify(WEIGHTS),
        JSON.stringify(firstRanges),
        JSON.stringify(secondRanges),
        SEEDER,
      ],
    );
    // Configurations: the kinds in turn, each with its kind's default data; two in three switched on.
    const kinds = CONFIG_KIND_IDS.map((kind, index) => {
      const data = structuredClone(defaultConfigData(kind)) as Record<string, unknown>;
      if (configKindOf(kind).family === 'offer') data.productIdList = [{ productId: 42, target: 3 }];
      return { position: index, kind, prefix: kind.replace('/', '-'), label: configKindOf(kind).label, data };
    });
    await client.query(
      `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, created,
                                  modified, last_modifier)
       SELECT $1, k.prefix || '-' || lpad(i::text, 5, '0'), k.kind, k.label || ' ' || i, i % 3 <> 0, $3::jsonb, k.data,
              $4::timestamptz + i * interval '4 hours', $4::timestamptz + i * interval '4 hours' + (i % 89) * interval '1 day', $5
         FROM generate_series(1, $6::int) AS i
         JOIN jsonb_to_recordset($2::jsonb) AS k(position int, kind text, prefix text, label text, data jsonb)
           ON k.position = i % $7::int`,
      [
        environmentId,
        JSON.stringify(kinds),
        JSON.stringify(defaultActivationSettings()),
        start,
        SEEDER,
        size.configurations,
        kinds.length,
      ],
    );
    const pluginEntries = await seedPlugins(client, environmentId, size);
    const auditEntries = await seedAuditEntries(client, environmentId, size.auditEntries, start, step);
    await client.query('COMMIT');
    return { abTests: size.abTests, configurations: size.configurations, pluginEntries, auditEntries };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * Every other plugin with a configuration kind switched on; each such plugin's active set serves active
 * A/B-tests with switched-on configurations of its kind, and its draft holds the same and two more.
 */
async function seedPlugins(client: pg.Client, environmentId: string, size: SeedSize): Promise<number> {
  const { rows: tests } = await client.query<{ id: string; version: number }>(
    `SELECT t.id, max(v.version)::int AS version FROM ab_test t
       JOIN ab_test_version v ON v.environment_id = t.environment_id AND v.ab_test_id = t.id AND v.active
      WHERE t.environment_id = $1 AND t.active GROUP BY t.id ORDER BY t.id`,
    [environmentId],
  );
  const { rows: configs } = await client.query<{ id: string; kind: string }>(
    `SELECT id, kind FROM configuration WHERE environment_id = $1 AND active ORDER BY id`,
    [environmentId],
  );
  const idsOfKind = new Map<string, string[]>();
  for (const config of configs)
    idsOfKind.set(config.kind, [...(idsOfKind.get(config.kind) ?? []), config.id]);
  const entries: Record<string, unknown>[] = [];
  let nextTest = 0;
  for (const [index, pluginId] of PLUGIN_IDS.entries()) {
    const kind = configKindOfPlugin(pluginId);
    const candidates = kind ? (idsOfKind.get(kind.id) ?? []) : [];
    if (candidates.length < 2 || tests.length === 0) continue;
    await client.query(
      `UPDATE plugin SET active = $3, description = description || ' (fifth year)'
        WHERE environment_id = $1 AND id = $2`,
      [environmentId, pluginId, index % 2 === 0],
    );
    for (const set of ['active', 'draft'] as const) {
      const count = size.entriesPerSet + (set === 'draft' ? 2 : 0);
      for (let position = 0; position < count; position++) {
        const test = tests[(nextTest + position) % tests.length]!;
        const first = candidates[(2 * position) % candidates.length]!;
        const second = candidates[(2 * position + 1) % candidates.length]!;
        entries.push({
          pluginId,
          set,
          position,
          abTestId: test.id,
          version: test.version,
          configurations: [first, second],
        });
      }
    }
    nextTest += size.entriesPerSet + 2;
  }
  await client.query(
    `INSERT INTO plugin_ab_test_entry (environment_id, plugin_id, state, position, ab_test_id, ab_test_version, configurations)
     SELECT $1, e."pluginId", e.set, e.position, e."abTestId", e.version, ARRAY(SELECT jsonb_array_elements_text(e.configurations))
       FROM jsonb_to_recordset($2::jsonb)
         AS e("pluginId" int, set text, position int, "abTestId" text, version int, configurations jsonb)`,
    [environmentId, JSON.stringify(entries)],
  );
  return entries.length;
}

/**
 * The audit entries, written in id order across five years, then sealed as audit_append's entries are
 * at commit (migration 20261203000000_audit_chain): positions after the chain's head, each hash over the
 * entry and the hash before, by the owner's audit_entry_hash. The commit trigger is switched off for the
 * seeding transaction alone, since these seals arrive complete.
 */
async function seedAuditEntries(
  client: pg.Client,
  environmentId: string,
  count: number,
  start: string,
  step: string,
): Promise<number> {
  const { rows } = await client.query<{ firstId: number | null }>(
    `WITH added AS (
       INSERT INTO audit_entry (environment_id, action, target, email, created, attributes)
       SELECT $1, a.action, a.target_prefix || (i % 2000), 'operator-' || (i % 40) || '@fifth-year.example',
              $2::timestamptz + (i - 1) * $3::interval, jsonb_build_object('seeded', i)
         FROM generate_series(1, $4::int) AS i
         JOIN (VALUES (0, 'abtest.save', 'ab-'), (1, 'config.save', 'duel-'), (2, 'plugin.draft.save', 'plugin-'),
                      (3, 'abtest.version.activate', 'ab-'), (4, 'config.activate', 'ws-'))
           AS a(position, action, target_prefix) ON a.position = i % 5
        ORDER BY i
       RETURNING id)
     SELECT min(id) AS "firstId" FROM added`,
    [environmentId, start, step, count],
  );
  const firstId = rows[0]?.firstId;
  if (firstId === null || firstId === undefined) return 0;
  await client.query('ALTER TABLE audit_seal DISABLE TRIGGER audit_seal_at_commit');
  await client.query(`
    CREATE OR REPLACE FUNCTION pg_temp.seal_seeded(chain_id text, first_id integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      entry audit_entry;
      head_position bigint;
      head_hash text;
      ids integer[] := '{}';
      positions bigint[] := '{}';
      previous text[] := '{}';
      hashes text[] := '{}';
    BEGIN
      INSERT INTO audit_chain_head (chain, position, hash) VALUES (chain_id, 0, '') ON CONFLICT (chain) DO NOTHING;
      SELECT h.position, h.hash INTO head_position, head_hash FROM audit_chain_head h WHERE h.chain = chain_id FOR UPDATE;
      FOR entry IN SELECT * FROM audit_entry e WHERE e.environment_id = chain_id AND e.id >= first_id ORDER BY e.id LOOP
        head_position := head_position + 1;
        ids := ids || entry.id;
        positions := positions || head_position;
        previous := previous || head_hash;
        head_hash := audit_entry_hash(entry, chain_id, head_position, head_hash);
        hashes := hashes || head_hash;
        IF cardinality(ids) = 10000 THEN
          INSERT INTO audit_seal (entry_id, chain, position, previous_hash, hash)
            SELECT unnest(ids), chain_id, unnest(positions), unnest(previous), unnest(hashes);
          ids := '{}'; positions := '{}'; previous := '{}'; hashes := '{}';
        END IF;
      END LOOP;
      INSERT INTO audit_seal (entry_id, chain, position, previous_hash, hash)
        SELECT unnest(ids), chain_id, unnest(positions), unnest(previous), unnest(hashes);
      UPDATE audit_chain_head SET position = head_position, hash = head_hash WHERE chain = chain_id;
    END;
    $$`);
  await client.query('SELECT pg_temp.seal_seeded($1, $2)', [environmentId, firstId]);
  await client.query('ALTER TABLE audit_seal ENABLE TRIGGER audit_seal_at_commit');
  return count;
}

/** After a seed: the planner's statistics and the visibility map, so counts read indexes alone. */
export async function analyzeSeeded(client: pg.Client): Promise<void> {
  for (const table of [
    'ab_test',
    'ab_test_version',
    'configuration',
    'configuration_use',
    'plugin_ab_test_entry',
    'audit_entry',
    'audit_seal',
  ]) {
    await client.query(`VACUUM (ANALYZE) ${table}`);
  }
}
