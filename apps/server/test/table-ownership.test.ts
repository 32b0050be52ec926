import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/settings.ts';

// Each table belongs to one feature, and a feature's stores touch only its own tables: another
// feature's data is reached through that feature's service or public module (biome.json guards the
// imports). The few reads that join another feature's table in one query are listed below, each with
// why; a store writing or locking another feature's table is never listed. db/ is not a feature: the
// unit of work writes audit entries and the lock protocol locks rows across features.

const FEATURES = join(REPO_ROOT, 'apps/server/src/features');

/** Table → the feature that owns it (prisma/schema.prisma). */
const OWNER: Record<string, string> = {
  environment: 'environment',
  audit_entry: 'audit',
  audit_seal: 'audit',
  audit_chain_head: 'audit',
  plugin: 'plugin',
  plugin_ab_test_entry: 'plugin',
  release_info: 'release',
  nice_config: 'nice',
  compensation_grant: 'compensation',
  player_progression: 'progression',
  ab_test: 'abtest',
  ab_test_version: 'abtest',
  configuration: 'config',
  configuration_use: 'config',
  runtime_key: 'runtime-keys',
  runtime_revision: 'publishing',
  runtime_part: 'publishing',
  runtime_change: 'publishing',
  runtime_state: 'publishing',
  runtime_instance: 'delivery',
  console_user: 'users',
  user_role: 'users',
  session: 'auth',
  runtime_process: 'connections',
  runtime_connection: 'connections',
  change_request: 'change-request',
  change_request_approval: 'change-request',
  change_request_event: 'change-request',
  webhook_subscription: 'webhooks',
  webhook_message: 'webhooks',
  webhook_attempt: 'webhooks',
  experiment_metric: 'experiment',
  experiment_event: 'experiment',
  experiment_player: 'experiment',
  experiment_player_event: 'experiment',
  experiment_case_day: 'experiment',
  experiment_metric_day: 'experiment',
  experiment_decision: 'experiment',
  experiment_data_source: 'experiment',
};

/**
 * Reads of another feature's tables, in the same query as the store's own, and why. The environment
 * table is every row's scope: any store may read it.
 */
const CROSS_FEATURE_READS: Record<string, Record<string, string>> = {
  'delivery/instances.store.ts': {
    runtime_revision:
      "the game servers' list compares each instance's revision with the environment's latest, read beside it",
  },
  'abtest/abtest.store.ts': {
    plugin_ab_test_entry:
      "an A/B-test's usedBy, aggregated in the list's one query; the plugin feature depends on A/B-tests, so this read stays here rather than making the features depend on each other",
  },
  'abtest/abtest-search.store.ts': {
    plugin_ab_test_entry:
      "the search's in-use and used-by-plugin filters, in the page's one query (as abtest.store.ts)",
  },
  'plugin/plugin-entries.store.ts': {
    ab_test:
      "an entry's A/B-test's active flag (whether it serves now), in the references' one query: a configuration page reads them for every row; the plugin feature depends on A/B-tests",
  },
  'config/config-search.store.ts': {
    plugin_ab_test_entry:
      "the search's used-by-plugin filter, in the page's one query: the ids one plugin's entries hold",
  },
  'publishing/content.store.ts': {
    plugin: 'the runtime snapshot is built from every table players are served from, in one transaction',
    plugin_ab_test_entry: 'the runtime snapshot (as above)',
    ab_test: 'the runtime snapshot (as above)',
    ab_test_version: 'the runtime snapshot (as above)',
    configuration: 'the runtime snapshot (as above)',
    release_info: 'the runtime snapshot (as above)',
  },
  'auth/session.store.ts': {
    console_user: "the request path's session check reads the user's roles with the session, in one query",
    user_role: 'the session check (as above)',
  },
  'users/user.store.ts': {
    session: 'the Users screen counts each user’s live sessions in the list query',
  },
};

const SCHEMA = readFileSync(join(REPO_ROOT, 'prisma/schema.prisma'), 'utf8');

/** The Prisma model accessors (tx.abTest.…) of each table. */
const MODEL_OF: Record<string, string> = Object.fromEntries(
  Object.keys(OWNER).map((table) => [
    table,
    table.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
  ]),
);

/** Prisma relation fields (a user's `sessions`, a plugin's `abTestEntries`) → the table they read. */
const RELATION_TABLES: [string, string][] = (() => {
  const tableOfModel = new Map(
    [...SCHEMA.matchAll(/model (\w+) \{[^}]*@@map\("([a-z_]+)"\)/g)].map((match) => [match[1]!, match[2]!]),
  );
  return [...SCHEMA.matchAll(/^\s+(\w+)\s+(\w+)(?:\[\]|\?)?(?:\s|$)/gm)].flatMap(([, field, model]) => {
    const table = tableOfModel.get(model!);
    return table ? [[field!, table] as [string, string]] : [];
  });
})();

function storeFiles(): string[] {
  return readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.store.ts'))
    .sort();
}

/**
 * The tables a store's source reads or writes: SQL (FROM "ab_test", JOIN ab_test), Prisma accessors
 * (db.abTest.…) and Prisma relations it selects, includes or filters on (sessions: { … }).
 */
function tablesNamedIn(source: string): string[] {
  return Object.keys(OWNER).filter((table) => {
    const sql = new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE)\\s+"?${table}"?(?![\\w"])`, 'i');
    const prisma = new RegExp(`\\b(?:db|tx)\\.${MODEL_OF[table]}\\.`);
    const relation = RELATION_TABLES.some(
      ([field, related]) => related === table && new RegExp(`\\b${field}:\\s*\\{`).test(source),
    );
    return sql.test(source) || prisma.test(source) || relation;
  });
}

describe('table ownership', () => {
  it('maps every table of the schema to a feature', () => {
    const tables = [...SCHEMA.matchAll(/@@map\("([a-z_]+)"\)/g)].map((match) => match[1]);
    expect(tables.sort()).toEqual(Object.keys(OWNER).sort());
  });

  it("lets a feature's stores touch only its own tables, and read another's only where listed", () => {
    const files = storeFiles();
    expect(files.length).toBeGreaterThan(10);
    const found: Record<string, Record<string, string>> = {};
    for (const file of files) {
      const feature = file.split('/')[0]!;
      const foreign = tablesNamedIn(readFileSync(join(FEATURES, file), 'utf8')).filter(
        (table) => OWNER[table] !== feature && table !== 'environment',
      );
      if (foreign.length === 0) continue;
      found[file] = Object.fromEntries(
        foreign.map((table) => [table, CROSS_FEATURE_READS[file]?.[table] ?? 'not listed']),
      );
    }
    expect(found).toEqual(CROSS_FEATURE_READS);
  });

  it('never writes or locks another feature’s table from a store', () => {
    for (const file of storeFiles()) {
      const feature = file.split('/')[0]!;
      const source = readFileSync(join(FEATURES, file), 'utf8');
      for (const table of Object.keys(OWNER).filter((name) => OWNER[name] !== feature)) {
        const sqlWrite = new RegExp(`\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?${table}"?\\b`, 'i');
        const prismaWrite = new RegExp(
          `\\b(?:db|tx)\\.${MODEL_OF[table]}\\.(?:create|createMany|update|updateMany|upsert|delete|deleteMany)\\b`,
        );
        expect(sqlWrite.test(source) || prismaWrite.test(source), `${file} writes ${table}`).toBe(false);
      }
      // A locking query (FOR UPDATE / FOR SHARE) names only the feature's own tables.
      for (const [query] of source.matchAll(/`[^`]*`/g)) {
        if (!/\bFOR\s+(?:UPDATE|SHARE)\b/i.test(query)) continue;
        const locked = tablesNamedIn(query).filter((table) => OWNER[table] !== feature);
        expect(locked, `${file} locks rows in a query naming another feature's table`).toEqual([]);
      }
    }
  });
});
