import { activationSettingsSchema } from '@console/domain/config';
import { PluginId } from '@console/domain/enums';
import type { RuntimeContent } from '@console/domain/runtime';
import pg from 'pg';
import { hashRuntimeContent } from '../features/publishing/content.service.ts';
import { forgetBuiltContent } from '../features/publishing/content-delta.service.ts';
import { type Sql, writeRevision } from '../features/publishing/part.store.ts';

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

/** The environment's next revision, written as publishing writes it (parts and manifest), over `client`. */
async function writeNext(
  client: pg.Client,
  environmentId: string,
  content: RuntimeContent,
  notify: boolean,
): Promise<{ revision: number; hash: string }> {
  const sql: Sql = async <Row>(text: string, values: unknown[]) =>
    (await client.query(text, values)).rows as Row[];
  const hash = hashRuntimeContent(content);
  const [latest] = await sql<{ revision: number }>(
    'SELECT COALESCE(MAX(revision), 0) + 1 AS revision FROM runtime_revision WHERE environment_id = $1',
    [environmentId],
  );
  const revision = latest!.revision;
  const record = { environmentId, revision, hash, content, createdBy: 'tests@example.com' };
  await writeRevision(sql, { ...record, auditEntryIds: [], restoredFrom: null, notify });
  // Not built from the rows: the next publish in this process builds from every row.
  forgetBuiltContent(environmentId);
  return { revision, hash };
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
    for (const content of contents) inserted.push(await writeNext(client, environmentId, content, false));
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
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One transaction, so the NOTIFY is delivered once the revision is committed, as a publish's is.
    await client.query('BEGIN');
    const written = await writeNext(
      client,
      revision.environmentId,
      revision.content,
      revision.notify !== false,
    );
    await client.query('COMMIT');
    return written;
  } finally {
    await client.end();
  }
}
