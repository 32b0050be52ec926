import { RUNTIME_REVISIONS_KEPT } from '@console/domain/runtime';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertRuntimeRevisions, makeRuntimeContent } from '../../testing/runtime-revisions.ts';
import { type RuntimeClient, runtimeClient } from '../publishing/publishing.test-data.ts';

// Revisions are manifests over parts shared between revisions (publishing/parts.ts), and an environment
// keeps its last RUNTIME_REVISIONS_KEPT revisions (docs/decisions/0254): publishing
// one more deletes the oldest and the parts no kept revision names; the history, diff and rollback
// reach every kept revision, and a rollback further back is refused, saying why.

const KEPT = RUNTIME_REVISIONS_KEPT.min;

describe('runtime revisions: shared parts and retention', () => {
  let t: TestApp;
  let cookie: string;
  let r: RuntimeClient;
  let sql: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ RUNTIME_REVISIONS_KEPT: String(KEPT) });
    cookie = await t.login('retention@example.com');
    r = runtimeClient(t, cookie);
    sql = new pg.Client({ connectionString: t.databaseUrl });
    await sql.connect();
  });
  afterAll(() => sql.end());

  /** Parts a revision wrote (the revision that first stored them), and every part of the environment. */
  const partsWrittenBy = async (environment: string, revision: number) =>
    Number(
      (
        await sql.query('SELECT count(*) FROM runtime_part WHERE environment_id = $1 AND revision = $2', [
          environment,
          revision,
        ])
      ).rows[0].count,
    );

  /**
   * Every stored part against what the kept manifests reach: no part is unreachable, none is missing,
   * and each one's reference count is what names it (manifests and stored nodes).
   */
  async function expectPartsExactlyReachable(environment: string) {
    const { rows } = await sql.query<{ hash: string; refs: number; named: string | null; reached: boolean }>(
      `WITH RECURSIVE "top" AS (
         SELECT jsonb_array_elements_text(manifest -> 'plugins' -> 'parts') AS hash FROM runtime_revision WHERE environment_id = $1
         UNION ALL SELECT jsonb_array_elements_text(manifest -> 'abTests' -> 'parts') FROM runtime_revision WHERE environment_id = $1
         UNION ALL SELECT jsonb_array_elements_text(manifest -> 'configurations' -> 'parts') FROM runtime_revision WHERE environment_id = $1
         UNION ALL SELECT manifest ->> 'release' FROM runtime_revision WHERE environment_id = $1
       ), "reach" AS (
         SELECT DISTINCT hash FROM "top"
         UNION
         SELECT unnest(p.children) FROM runtime_part p JOIN "reach" ON p.hash = "reach".hash WHERE p.environment_id = $1
       ), "naming" AS (
         SELECT hash FROM "top"
         UNION ALL SELECT unnest(children) FROM runtime_part WHERE environment_id = $1
       )
       SELECT p.hash, p.refs, (SELECT count(*) FROM "naming" n WHERE n.hash = p.hash)::text AS named,
              EXISTS (SELECT 1 FROM "reach" x WHERE x.hash = p.hash) AS reached
         FROM runtime_part p WHERE p.environment_id = $1`,
      [environment],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => !row.reached)).toEqual([]);
    expect(rows.filter((row) => String(row.refs) !== row.named)).toEqual([]);
  }

  it('stores a one-configuration change as its leaf and the nodes above it, the rest shared', async () => {
    const before = makeRuntimeContent({ plugins: 19, cases: 40, tag: 'shared' });
    const configurations = before.configurations.map((configuration, index) =>
      index === 300 ? { ...configuration, data: { tag: 'changed' } } : configuration,
    );
    const after = { ...before, configurations };
    const [first, second] = await insertRuntimeRevisions(t.databaseUrl, 'stable', [before, after]);
    // Everything at first; then the changed configuration and its path (one or two nodes at this size).
    expect(await partsWrittenBy('stable', first!.revision)).toBeGreaterThan(before.configurations.length);
    const written = await partsWrittenBy('stable', second!.revision);
    expect(written).toBeGreaterThanOrEqual(2);
    expect(written).toBeLessThanOrEqual(3);
    // Both read back whole, each exactly as it was written.
    expect((await r.get(first!.revision, 'stable')).content).toEqual(before);
    expect((await r.get(second!.revision, 'stable')).content).toEqual(after);
    await expectPartsExactlyReachable('stable');
  });

  it(`keeps the last ${KEPT} revisions: history, diff and rollback reach them; older ones are refused`, async () => {
    const total = KEPT + 5;
    for (let index = 0; index < total; index += 1) {
      const response = await t.post(
        '/api/release/kv/set?configuration=dev',
        { keyValue: `n=${index};` },
        cookie,
      );
      expect(response.statusCode).toBe(200);
    }
    const history = await r.list('dev', { offset: 0, limit: 100 });
    const latest = history.latest;
    expect(latest).toBe(total + 1);
    const oldest = latest - KEPT + 1;
    expect(history.revisions.map((revision) => revision.revision)).toEqual(
      Array.from({ length: KEPT }, (_, index) => latest - index),
    );
    await expectPartsExactlyReachable('dev');

    // The oldest kept revision is whole, diffs against the latest, and can be republished.
    const kept = await r.get(oldest, 'dev');
    expect(kept.content.release.keyValue).toBe(`n=${oldest - 2};`);
    const diff = await r.c.payloadOf('/api/runtime/revision/diff', { from: oldest, to: latest }, 'dev');
    expect(diff).toMatchObject({ from: oldest, to: latest });
    expect(JSON.stringify(diff)).toContain('keyValue');
    const republished = await r.c.payloadOf('/api/runtime/revision/republish', { revision: oldest }, 'dev');
    expect(republished).toMatchObject({ restoredFrom: oldest, hash: kept.hash, published: true });

    // That publish pruned one more: the revision before the old oldest is refused, clearly.
    for (const gone of [1, oldest]) {
      const refused = await r.c.call('/api/runtime/revision/republish', { revision: gone }, 'dev');
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe(
        `Revision ${gone} of the runtime of dev is no longer kept: the oldest kept is ${oldest + 1} (RUNTIME_REVISIONS_KEPT)`,
      );
    }
    const unknown = await r.c.call('/api/runtime/revision/get', { revision: latest + 5 }, 'dev');
    expect(unknown.json().error).toBe(`Revision ${latest + 5} of the runtime of dev not found`);
    await expectPartsExactlyReachable('dev');
    // The served snapshot is the republished content.
    expect((await r.get(latest + 1, 'dev')).content).toEqual(kept.content);
  });
});
