import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseIfMissing } from '../../db/database.ts';
import { withDatabase } from '../../db/embedded.ts';
import { migrate } from '../../db/migrator.ts';
import { MIGRATIONS_DIR } from '../../settings.ts';
import { makeRuntimeContent } from '../../testing/runtime-revisions.ts';
import { hashRuntimeContent } from './content.service.ts';
import { pruneRevisions, readContents, type Sql, writeRevision } from './part.store.ts';
import type { RevisionManifest } from './parts.ts';

// The migration to content-addressed parts (20261204500000_runtime_parts) turns each stored revision's
// content into parts and a manifest: every revision reads back as it was, the parts are counted by what
// names them, and later publishes and pruning work on top of the migrated history.

const MINE = '20261204500000_runtime_parts';

describe('migrating stored revisions to parts', () => {
  let client: pg.Client;
  let sql: Sql;
  let url: string;
  beforeAll(async () => {
    const name = `${inject('databasePrefix')}_runtime_parts_migration`;
    await createDatabaseIfMissing(inject('adminUrl'), name);
    url = withDatabase(inject('adminUrl'), name);
    const before = mkdtempSync(join(tmpdir(), 'migrations-'));
    for (const entry of readdirSync(MIGRATIONS_DIR, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name >= MINE) continue;
      cpSync(join(MIGRATIONS_DIR, entry.name), join(before, entry.name), { recursive: true });
    }
    await migrate(url, before);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    sql = async <Row>(text: string, values: unknown[]) => (await client.query(text, values)).rows as Row[];
  });
  afterAll(() => client.end());

  const contents = [
    makeRuntimeContent({ plugins: 3, cases: 2, tag: 'one' }),
    makeRuntimeContent({ plugins: 3, cases: 2, tag: 'two' }),
    { ...makeRuntimeContent({ plugins: 0 }), release: { ...makeRuntimeContent().release, keyValue: 'k=v;' } },
  ];

  it('reads every migrated revision back as stored, with each part counted by what names it', async () => {
    await sql(`INSERT INTO environment (id) VALUES ('old') ON CONFLICT DO NOTHING`, []);
    for (const [index, content] of contents.entries()) {
      await sql(
        `INSERT INTO runtime_revision (environment_id, revision, hash, content, created_by)
         VALUES ('old', $1, $2, $3, 'tests@example.com')`,
        [index + 1, hashRuntimeContent(content), JSON.stringify(content)],
      );
    }
    await migrate(url, MIGRATIONS_DIR);

    const rows = await sql<{ manifest: RevisionManifest }>(
      `SELECT manifest FROM runtime_revision WHERE environment_id = 'old' ORDER BY revision`,
      [],
    );
    expect(
      await readContents(
        sql,
        'old',
        rows.map((row) => row.manifest),
      ),
    ).toEqual(contents);
    // The release info and the first two revisions' A/B-tests and plugins are the same parts.
    const [parts] = await sql<{ count: string }>(`SELECT count(*) FROM runtime_part`, []);
    const items = (content: (typeof contents)[number]) =>
      [...content.plugins, ...content.abTests, ...content.configurations].length;
    expect(Number(parts!.count)).toBe(items(contents[0]!) + 6 + 1 + 1);
    const counted = await sql<{ refs: number }>(`SELECT sum(refs)::int AS refs FROM runtime_part`, []);
    expect(counted[0]!.refs).toBe(contents.reduce((sum, content) => sum + items(content) + 1, 0));

    // A publish on top, then pruning the migrated revisions, leaves exactly the new revision's parts.
    const next = makeRuntimeContent({ plugins: 3, cases: 2, tag: 'one' });
    await writeRevision(sql, {
      environmentId: 'old',
      revision: 4,
      hash: hashRuntimeContent(next),
      content: next,
      createdBy: 'tests@example.com',
      auditEntryIds: [],
      restoredFrom: null,
      notify: false,
    });
    expect(await pruneRevisions(sql, 'old', 4)).toBe(3);
    const left = await sql<{ revision: number; refs: number }>(`SELECT revision, refs FROM runtime_part`, []);
    expect(left.length).toBe(items(next) + 1);
    expect(left.every((part) => part.revision === 4 && part.refs >= 1)).toBe(true);
    const [manifest] = await sql<{ manifest: RevisionManifest }>(`SELECT manifest FROM runtime_revision`, []);
    expect(await readContents(sql, 'old', [manifest!.manifest])).toEqual([next]);
  });
});
