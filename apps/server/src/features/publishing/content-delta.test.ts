import { activationSettingsSchema } from '@console/domain/config';
import { PLUGIN_IDS } from '@console/domain/operations';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { buildRuntimeContent } from './content.service.ts';
import { publishRevision } from './publish.service.ts';
import { findLatestRevision } from './revision.store.ts';

// A publish from what changed (content-delta.service.ts) publishes exactly what a build from
// every row would: random writes of every kind, in SQL as any writer makes them, some rolled back,
// each round's revision against the whole content built afresh.

const ENVIRONMENT = 'dev';
const PUBLISHER = { email: 'tests@example.com' };
const PLUGINS = PLUGIN_IDS.slice(0, 4);
const TESTS = 12;
const CONFIGURATIONS = 40;

/** A small deterministic generator (mulberry32), so a failure repeats with its seed. */
function randomOf(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * below);
  };
}

const testId = (index: number) => `delta-test-${index}`;
const configurationId = (index: number) => `delta-cfg-${index}`;
const weights = (cases: number) =>
  Array.from({ length: cases }, (_, index) => (index === 0 ? 1_000_000 - (cases - 1) * 100_000 : 100_000));

describe('publishing from what changed', () => {
  let t: TestApp;
  let client: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
  });
  afterAll(() => client.end());

  it('publishes, round after round of random writes, the content a build from every row makes', async () => {
    const activation = JSON.stringify(activationSettingsSchema.parse({ minLevel: 1 }));
    // Configurations 0..CONFIGURATIONS-1 exist; entries also name some that do not (yet).
    await client.query(
      `INSERT INTO configuration (environment_id, id, kind, active, activation, data)
       SELECT $1, 'delta-cfg-' || i, 'event/gr', i % 5 <> 0, $3::jsonb, jsonb_build_object('kind', 'event/gr', 'reward', i)
         FROM generate_series(0, $2 - 1) i`,
      [ENVIRONMENT, CONFIGURATIONS, activation],
    );
    await client.query(
      `INSERT INTO ab_test (environment_id, id, type, active, segment, salt)
       SELECT $1, 'delta-test-' || i, 0, true, '{"conditions": []}'::jsonb, 'salt-' || i FROM generate_series(0, $2 - 1) i`,
      [ENVIRONMENT, TESTS],
    );
    await client.query(
      `INSERT INTO ab_test_version (environment_id, ab_test_id, version, active, cases, last_modifier)
       SELECT $1, 'delta-test-' || i, 1, true, $3::int[], 'tests' FROM generate_series(0, $2 - 1) i`,
      [ENVIRONMENT, TESTS, weights(2)],
    );
    const random = randomOf(20261213);
    const entryOf = () =>
      [
        testId(random(TESTS + 2)),
        [configurationId(random(CONFIGURATIONS + 5)), configurationId(random(CONFIGURATIONS + 5))],
      ] as const;
    const writes: ((tx: pg.Client) => Promise<unknown>)[] = [
      (db) =>
        db.query(
          `UPDATE configuration SET data = jsonb_set(data, '{reward}', to_jsonb($3::int)) WHERE environment_id = $1 AND id = $2`,
          [ENVIRONMENT, configurationId(random(CONFIGURATIONS)), random(1_000)],
        ),
      (db) =>
        db.query('UPDATE configuration SET active = NOT active WHERE environment_id = $1 AND id = $2', [
          ENVIRONMENT,
          configurationId(random(CONFIGURATIONS)),
        ]),
      (db) =>
        db.query('DELETE FROM configuration WHERE environment_id = $1 AND id = $2', [
          ENVIRONMENT,
          configurationId(random(CONFIGURATIONS + 5)),
        ]),
      (db) =>
        db.query(
          `INSERT INTO configuration (environment_id, id, kind, active, activation, data)
           VALUES ($1, $2, 'event/gr', true, $3::jsonb, '{"kind": "event/gr", "reward": 1}'::jsonb) ON CONFLICT DO NOTHING`,
          [ENVIRONMENT, configurationId(random(CONFIGURATIONS + 5)), activation],
        ),
      (db) =>
        db.query(
          `INSERT INTO plugin (environment_id, id, active) VALUES ($1, $2, $3)
           ON CONFLICT (environment_id, id) DO UPDATE SET active = EXCLUDED.active`,
          [ENVIRONMENT, PLUGINS[random(PLUGINS.length)], random(2) === 0],
        ),
      async (db) => {
        const pluginId = PLUGINS[random(PLUGINS.length)]!;
        await db.query(
          `INSERT INTO plugin (environment_id, id, active) VALUES ($1, $2, true) ON CONFLICT DO NOTHING`,
          [ENVIRONMENT, pluginId],
        );
        await db.query(
          `DELETE FROM plugin_ab_test_entry WHERE environment_id = $1 AND plugin_id = $2 AND state = 'active'`,
          [ENVIRONMENT, pluginId],
        );
        const entries = Array.from({ length: random(4) }, entryOf);
        for (const [position, [abTestId, configurations]] of entries.entries())
          await db.query(
            `INSERT INTO plugin_ab_test_entry
                    (environment_id, plugin_id, state, position, ab_test_id, ab_test_version, configurations)
             VALUES ($1, $2, 'active', $3, $4, 1, $5::text[])`,
            [ENVIRONMENT, pluginId, position, abTestId, configurations],
          );
      },
      async (db) => {
        const abTestId = testId(random(TESTS));
        await db.query(
          `INSERT INTO ab_test_version (environment_id, ab_test_id, version, active, cases, last_modifier)
           SELECT $1, $2, COALESCE(max(version), 0) + 1, true, $3::int[], 'tests'
             FROM ab_test_version WHERE environment_id = $1 AND ab_test_id = $2`,
          [ENVIRONMENT, abTestId, weights(2)],
        );
      },
      (db) =>
        db.query('UPDATE ab_test SET salt = $3 WHERE environment_id = $1 AND id = $2', [
          ENVIRONMENT,
          testId(random(TESTS)),
          `salt-${random(1_000)}`,
        ]),
      (db) =>
        db.query(
          `INSERT INTO release_info (environment_id, key_value) VALUES ($1, $2)
           ON CONFLICT (environment_id) DO UPDATE SET key_value = EXCLUDED.key_value`,
          [ENVIRONMENT, `round=${random(1_000)};`],
        ),
    ];
    // Every plugin starts with an active set naming A/B-tests and configurations (and some missing ones).
    for (const [index, pluginId] of PLUGINS.entries()) {
      await client.query(
        'INSERT INTO plugin (environment_id, id, active) VALUES ($1, $2, true) ON CONFLICT DO NOTHING',
        [ENVIRONMENT, pluginId],
      );
      for (let position = 0; position < 3; position += 1)
        await client.query(
          `INSERT INTO plugin_ab_test_entry
                  (environment_id, plugin_id, state, position, ab_test_id, ab_test_version, configurations)
           VALUES ($1, $2, 'active', $3, $4, 1, $5::text[])`,
          [
            ENVIRONMENT,
            pluginId,
            position,
            testId(index * 3 + position),
            [0, 1, 2].map((offset) =>
              configurationId((index * 9 + position * 3 + offset) % (CONFIGURATIONS + 5)),
            ),
          ],
        );
    }
    const publish = () =>
      runInTransaction(t.app.db, (tx) =>
        publishRevision({ tx, environmentId: ENVIRONMENT, actor: PUBLISHER }, []),
      );
    await publish();
    for (let round = 0; round < 30; round += 1) {
      const isRolledBack = random(6) === 0;
      await client.query('BEGIN');
      for (let count = 1 + random(3); count > 0; count -= 1) await writes[random(writes.length)]!(client);
      await client.query(isRolledBack ? 'ROLLBACK' : 'COMMIT');
      if (isRolledBack) {
        // A publish whose transaction rolls back leaves nothing a later one could build on.
        await expect(
          runInTransaction(t.app.db, async (tx) => {
            await tx.$executeRaw`UPDATE configuration SET data = '{"kind": "event/gr", "reward": -1}' WHERE environment_id = ${ENVIRONMENT} AND id = 'delta-cfg-1'`;
            await publishRevision({ tx, environmentId: ENVIRONMENT, actor: PUBLISHER }, []);
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
      }
      await publish();
      const latest = await findLatestRevision(t.app.db, ENVIRONMENT);
      expect({ round, hash: latest!.hash }).toEqual({
        round,
        hash: (await buildRuntimeContent({ db: t.app.db, environmentId: ENVIRONMENT })).hash,
      });
    }
    const { rows } = await client.query(
      'SELECT count(*)::int AS left FROM runtime_change WHERE environment_id = $1',
      [ENVIRONMENT],
    );
    expect(rows[0].left).toBe(0);
  });
});
