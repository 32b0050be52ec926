import { segmentSchema } from '@console/domain';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { findAbTest } from '../features/abtest/abtest.store.ts';
import { listAuditEntries } from '../features/audit/audit.store.ts';
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
        `INSERT INTO "ab_test" ("environment_id", "id", "type", "segment") VALUES
           ('dev', 'stored-ok', 0, '{"conditions": []}'), ('dev', 'stored-bad', 0, '{"conditions": "all"}')`,
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
});
