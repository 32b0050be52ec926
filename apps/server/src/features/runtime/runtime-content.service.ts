import { createHash } from 'node:crypto';
import {
  DEFAULT_CLIENT_VERSION,
  MAX_LEVEL_MIN,
  NO_RELEASE_TIME,
  pluginNameOf,
  type RuntimeContent,
  runtimeContentSchema,
  stableStringify,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { servedRanges } from '../abtest/abtest.public.ts';
import {
  type RuntimeSourceOptions,
  type RuntimeSources,
  readRuntimeSources,
} from './runtime-content.store.ts';

// An environment's runtime content (packages/domain runtime/snapshot.ts), built from the
// database as it is in the calling transaction, and its hash.

export interface BuiltContent {
  content: RuntimeContent;
  /** sha256 (hex) of stableStringify(content) */
  hash: string;
}

/** What an environment that never saved release info serves (the release screens' defaults). */
const DEFAULT_RELEASE: RuntimeContent['release'] = {
  nextReleaseTime: NO_RELEASE_TIME,
  maxLevel: MAX_LEVEL_MIN,
  nextMaxLevel: MAX_LEVEL_MIN,
  remindVersion: DEFAULT_CLIENT_VERSION,
  minimumVersion: DEFAULT_CLIENT_VERSION,
  keyValue: '',
};

/** By id in UTF-16 code unit order: the same in every database, whatever its collation. */
const byId = <T extends { id: string | number }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The content of the sources; checked against the snapshot schema, so a bad row fails here. */
export function toRuntimeContent(environmentId: string, sources: RuntimeSources): RuntimeContent {
  const content: RuntimeContent = {
    plugins: sources.plugins
      .map((plugin) => ({
        id: plugin.id,
        name: pluginNameOf(plugin.id),
        enabled: plugin.enabled,
        entries: plugin.entries,
      }))
      .sort(byId),
    abTests: sources.abTests
      .map((abTest) => {
        const cases = abTest.version === null ? [] : (abTest.cases ?? []);
        const what = `version ${abTest.version} of A/B-test '${abTest.id}' in ${environmentId}`;
        const ranges = abTest.version === null ? [] : servedRanges(cases, abTest.ranges, what);
        return {
          id: abTest.id,
          type: abTest.type,
          active: abTest.active,
          salt: abTest.salt,
          segment: abTest.segment,
          version: abTest.version,
          cases: cases.map((weight, index) => ({ weight, ranges: ranges[index] ?? [] })),
        };
      })
      .sort(byId) as RuntimeContent['abTests'],
    configurations: (sources.configurations as RuntimeContent['configurations']).sort(byId),
    release: sources.release ?? DEFAULT_RELEASE,
  };
  return parseJsonColumn(runtimeContentSchema, content, `runtime content of ${environmentId}`);
}

export const hashRuntimeContent = (content: RuntimeContent): string =>
  createHash('sha256').update(stableStringify(content)).digest('hex');

/**
 * The environment's runtime content now, as the transaction sees it, with its hash. Publishing calls
 * it under the environment's publish lock (publishRevision); anything else may call it to compare.
 * With `draftsOfPlugins` (the preview), those plugins' draft entries replace their active sets,
 * and the A/B-tests and configurations they name are included as they are now.
 */
export async function buildRuntimeContent(
  db: Db | Tx,
  environmentId: string,
  options: RuntimeSourceOptions = {},
): Promise<BuiltContent> {
  const content = toRuntimeContent(environmentId, await readRuntimeSources(db, environmentId, options));
  return { content, hash: hashRuntimeContent(content) };
}
