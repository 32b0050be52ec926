import { activationSettingsSchema, PluginId, type RuntimeContent } from '@console/domain';
import pg from 'pg';
import { hashRuntimeContent } from '../features/runtime/runtime-content.service.ts';

/**
 * A valid runtime content for tests and benchmarks: `plugins` enabled plugins, each with one entry whose
 * A/B-test splits players evenly over `cases` cases, each case with its own configuration whose data
 * carries a share of `padding` characters, so the snapshot's size can be chosen (about 5 KB for the
 * benchmark). With one case, the configuration of plugin X is `config-X`; with more, `config-X-<case>`.
 */
export function makeRuntimeContent({ plugins = 2, padding = 0, tag = 'a', cases = 1 } = {}): RuntimeContent {
  const names = Object.keys(PluginId).slice(1, plugins + 1) as (keyof typeof PluginId)[];
  const caseIndexes = Array.from({ length: cases }, (_, index) => index);
  const configurationIdOf = (name: string, caseIndex: number) =>
    cases === 1 ? `config-${name}` : `config-${name}-${caseIndex}`;
  const bucketsOf = (caseIndex: number) => Math.floor((1_000_000 * caseIndex) / cases);
  return {
    plugins: names.map((name) => ({
      id: PluginId[name],
      name,
      enabled: true,
      entries: [
        {
          abTestId: `test-${name}`,
          abTestVersion: 1,
          configurations: caseIndexes.map((caseIndex) => configurationIdOf(name, caseIndex)),
        },
      ],
    })),
    abTests: names.map((name) => ({
      id: `test-${name}`,
      type: 0,
      active: true,
      salt: `test-${name}`,
      segment: { conditions: [] },
      version: 1,
      cases: caseIndexes.map((caseIndex) => ({
        weight: bucketsOf(caseIndex + 1) - bucketsOf(caseIndex),
        ranges: [[bucketsOf(caseIndex), bucketsOf(caseIndex + 1)]] as [number, number][],
      })),
    })),
    configurations: names.flatMap((name) =>
      caseIndexes.map((caseIndex) => ({
        id: configurationIdOf(name, caseIndex),
        kind: 'ar',
        // Level 1 reaches it (the default minimum level is 60).
        activation: activationSettingsSchema.parse({ minLevel: 1 }),
        data: { tag, note: 'x'.repeat(Math.ceil(padding / Math.max(plugins * cases, 1))) },
      })),
    ),
    release: {
      nextReleaseTime: 0,
      maxLevel: 100,
      nextMaxLevel: 100,
      remindVersion: '1.0.0',
      minimumVersion: '1.0.0',
      keyValue: '',
    },
  };
}

/**
 * Writes the environment's next runtime revisions, one per content, in one connection and without
 * NOTIFY (a process reads them at its next check), as `insertRuntimeRevision` does one. Answers them.
 */
export async function insertRuntimeRevisions(
  databaseUrl: string,
  environmentId: string,
  contents: readonly RuntimeContent[],
): Promise<{ revision: number; hash: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const inserted: { revision: number; hash: string }[] = [];
    for (const content of contents) {
      const hash = hashRuntimeContent(content);
      const { rows } = await client.query<{ revision: number }>(
        `INSERT INTO runtime_revision (environment_id, revision, hash, content, created_by)
         SELECT $1, COALESCE(MAX(revision), 0) + 1, $2, $3, 'tests@example.com'
         FROM runtime_revision WHERE environment_id = $1
         RETURNING revision`,
        [environmentId, hash, JSON.stringify(content)],
      );
      inserted.push({ revision: rows[0]!.revision, hash });
    }
    return inserted;
  } finally {
    await client.end();
  }
}

/**
 * Writes the environment's next runtime revision straight into the database with the given content (as
 * publishing would, without building it from the console's state), and unless `notify` is false sends
 * the `runtime_revision` NOTIFY after the row is committed. Answers its number and hash.
 */
export async function insertRuntimeRevision(
  databaseUrl: string,
  revision: { environmentId: string; content: RuntimeContent; notify?: boolean },
): Promise<{ revision: number; hash: string }> {
  const hash = hashRuntimeContent(revision.content);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ revision: number }>(
      `INSERT INTO runtime_revision (environment_id, revision, hash, content, created_by)
       SELECT $1, COALESCE(MAX(revision), 0) + 1, $2, $3, 'tests@example.com'
       FROM runtime_revision WHERE environment_id = $1
       RETURNING revision`,
      [revision.environmentId, hash, JSON.stringify(revision.content)],
    );
    const number = rows[0]!.revision;
    if (revision.notify !== false) {
      await client.query(`SELECT pg_notify('runtime_revision', $1)`, [
        JSON.stringify({ environmentId: revision.environmentId, revision: number }),
      ]);
    }
    return { revision: number, hash };
  } finally {
    await client.end();
  }
}
