import { segmentSchema } from '@console/domain/abtest';
import { activationSettingsSchema, configDataSchemaOf, defaultConfigData } from '@console/domain/config';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { findAbTest } from '../features/abtest/abtest.store.ts';
import { listAuditEntries } from '../features/audit/audit.store.ts';
import { findConfig } from '../features/config/config.store.ts';
import { parseJsonColumn, StoredJsonError } from './json-column.ts';

describe('JSON columns', () => {
  it('are parsed with their domain schema, and a value it refuses is named', () => {
    const segment = { conditions: [{ property: 1, op: 0, value: 'x' }] };
    expect(parseJsonColumn(segmentSchema, segment, 'segment')).toEqual(segment);
    const wrong = () => parseJsonColumn(segmentSchema, { conditions: 'all' }, "segment of A/B-test 'x'");
    expect(wrong).toThrow(StoredJsonError);
    expect(wrong).toThrow(
      "Stored segment of A/B-test 'x' does not match its schema: ✖ segment conditions must be a list\n  → at conditions",
    );
  });

  it('are checked when the stores read audit attributes and A/B-test segments', async () => {
    const t = await createTestApp();
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO "ab_test" ("environment_id", "id", "type", "segment", "salt") VALUES
           ('dev', 'stored-ok', 0, '{"conditions": []}', 's1'), ('dev', 'stored-bad', 0, '{"conditions": "all"}', 's2')`,
      );
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO "audit_entry" ("environment_id", "action", "target", "email", "attributes") VALUES
           ('stable', 'test.ok', 't', 'a@example.com', '{"n": 1}') RETURNING "id"`,
      );
      expect(
        await listAuditEntries(t.app.db, { environmentId: 'stable', offset: 0, limit: 10 }),
      ).toMatchObject([{ attributes: { n: 1 } }]);
      expect((await findAbTest(t.app.db, { environmentId: 'dev', id: 'stored-ok' }))?.data.segment).toEqual({
        conditions: [],
      });

      await client.query(
        `INSERT INTO "audit_entry" ("environment_id", "action", "target", "email", "attributes") VALUES
           ('stable', 'test.bad', 't', 'a@example.com', '[1, 2]')`,
      );
      await expect(
        listAuditEntries(t.app.db, { environmentId: 'stable', offset: 0, limit: 10 }),
      ).rejects.toThrow(`Stored attributes of audit entry ${rows[0]!.id + 1} does not match its schema`);
      await expect(findAbTest(t.app.db, { environmentId: 'dev', id: 'stored-bad' })).rejects.toThrow(
        "Stored segment of A/B-test 'stored-bad' does not match its schema",
      );
    } finally {
      await client.end();
    }
  });

  // data->>'kind' = kind is a CHECK constraint of the table, so the discriminated union parses the data
  // with the row's own kind's schema.
  it('are checked when the configuration store reads activation and data', async () => {
    const t = await createTestApp();
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const read = (id: string) => findConfig(t.app.db, { environmentId: 'dev', id });
    const insert = (id: string, kind: string, activation: unknown, data: unknown) =>
      client.query(
        `INSERT INTO "configuration" ("environment_id", "id", "kind", "activation", "data")
         VALUES ('dev', $1, $2, $3, $4)`,
        [id, kind, JSON.stringify(activation), JSON.stringify(data)],
      );
    try {
      const activation = activationSettingsSchema.parse({});
      const duel = configDataSchemaOf('duel').parse(defaultConfigData('duel'));
      await insert('stored-duel', 'duel', activation, duel);
      await insert('stored-bad-data', 'duel', activation, { ...duel, raceProbability: 'high' });
      await insert('stored-bad-activation', 'duel', { ...activation, minLevel: 'high' }, duel);
      expect(await read('stored-duel')).toEqual({
        kind: 'duel',
        item: expect.objectContaining({ id: 'stored-duel', activation, data: duel }),
      });

      await expect(read('stored-bad-data')).rejects.toThrow(StoredJsonError);
      await expect(read('stored-bad-data')).rejects.toThrow(
        "Stored data of configuration 'stored-bad-data' does not match its schema",
      );
      await expect(read('stored-bad-activation')).rejects.toThrow(
        "Stored activation of configuration 'stored-bad-activation' does not match its schema",
      );
    } finally {
      await client.end();
    }
  });
});
