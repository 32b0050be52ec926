import {
  DEFAULT_CLIENT_VERSION,
  MAX_LEVEL_MIN,
  NO_RELEASE_TIME,
  pluginNameOf,
} from '@console/domain/operations';
import {
  type RuntimeAbTest,
  type RuntimeConfiguration,
  type RuntimeContent,
  runtimeAbTestSchema,
  runtimeConfigurationSchema,
  runtimeContentSchema,
  runtimeReleaseSchema,
} from '@console/domain/runtime';
import type { EnvironmentReader } from '../../context.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { servedRanges } from '../abtest/abtest.public.ts';
import {
  type RuntimeAbTestSource,
  type RuntimeConfigurationSource,
  type RuntimeSourceOptions,
  type RuntimeSources,
  readRuntimeSources,
} from './content.store.ts';
import { contentHashOf, partsOf, sealItem } from './parts.ts';

// An environment's runtime content (packages/domain runtime/snapshot.ts), built from the
// database as it is in the calling transaction, and its hash.

export interface BuiltContent {
  content: RuntimeContent;
  /** The content's hash (hashRuntimeContent) */
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
export const byId = <T extends { id: string | number }>(a: T, b: T) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * What each environment's last build made of each A/B-test and configuration text (parsed, checked,
 * sealed): the next build reuses the items whose text is unchanged, so a publish serialises, checks
 * and hashes what changed, not the whole environment. Keyed by the row's whole JSON text, never by a
 * time or a version, so a reused item is exactly what parsing the text would give; each build keeps
 * only the texts it met.
 */
const builtItems = new Map<string, Map<string, object>>();

/**
 * The content's items made of `sources`, in the order read (the lists unsorted), checked against the
 * snapshot schema, so a bad row fails here. An A/B-test or configuration whose text `reuse` holds is
 * reused; each text met is added to `kept`.
 */
export function toRuntimeItems(
  environmentId: string,
  sources: RuntimeSources,
  reuse: ReadonlyMap<string, object> | undefined,
  kept: Map<string, object>,
): RuntimeContent {
  const what = `runtime content of ${environmentId}`;
  const itemOf = <T extends object>(text: string, make: (source: never) => T): T => {
    let item = (kept.get(text) ?? reuse?.get(text)) as T | undefined;
    if (item === undefined) item = sealItem(make(JSON.parse(text) as never));
    kept.set(text, item);
    return item;
  };
  const abTestOf = (abTest: RuntimeAbTestSource): RuntimeAbTest => {
    const cases = abTest.version === null ? [] : (abTest.cases ?? []);
    const of = `version ${abTest.version} of A/B-test '${abTest.id}' in ${environmentId}`;
    const ranges = abTest.version === null ? [] : servedRanges(cases, abTest.ranges, of);
    const built = {
      id: abTest.id,
      type: abTest.type,
      active: abTest.active,
      salt: abTest.salt,
      segment: abTest.segment,
      version: abTest.version,
      cases: cases.map((weight, index) => ({ weight, ranges: ranges[index] ?? [] })),
    };
    return parseJsonColumn(runtimeAbTestSchema, built, what);
  };
  const configurationOf = (configuration: RuntimeConfigurationSource): RuntimeConfiguration =>
    parseJsonColumn(runtimeConfigurationSchema, configuration, what);
  return {
    plugins: parseJsonColumn(
      runtimeContentSchema.shape.plugins,
      sources.plugins.map((plugin) => ({
        id: plugin.id,
        name: pluginNameOf(plugin.id),
        enabled: plugin.enabled,
        entries: plugin.entries,
      })),
      what,
    ),
    abTests: sources.abTests.map((text) => itemOf(text, abTestOf)),
    configurations: sources.configurations.map((text) => itemOf(text, configurationOf)),
    release: parseJsonColumn(runtimeReleaseSchema, sources.release ?? DEFAULT_RELEASE, what),
  };
}

/** The content of the sources, its lists sorted by id; checked against the snapshot schema. */
export function toRuntimeContent(environmentId: string, sources: RuntimeSources): RuntimeContent {
  const kept = new Map<string, object>();
  const items = toRuntimeItems(environmentId, sources, builtItems.get(environmentId), kept);
  const content: RuntimeContent = {
    plugins: items.plugins.sort(byId),
    abTests: items.abTests.sort(byId),
    configurations: items.configurations.sort(byId),
    release: items.release,
  };
  builtItems.set(environmentId, kept);
  return content;
}

/** What the last full build of the environment made of each text (for a build from what changed). */
export const lastBuiltItems = (environmentId: string): ReadonlyMap<string, object> | undefined =>
  builtItems.get(environmentId);

/** The content's hash: that of its manifest of parts (contentHashOf), from the hashes its sealed items keep. */
export const hashRuntimeContent = (content: RuntimeContent): string =>
  contentHashOf(partsOf(content).manifest);

/**
 * The environment's runtime content now, as the transaction sees it, with its hash. Publishing calls
 * it under the environment's publish lock (publishRevision); anything else may call it to compare.
 * With `draftsOfPlugins` (the preview), those plugins' draft entries replace their active sets,
 * and the A/B-tests and configurations they name are included as they are now.
 */
export async function buildRuntimeContent(
  { db, environmentId }: EnvironmentReader,
  options: RuntimeSourceOptions = {},
): Promise<BuiltContent> {
  const content = toRuntimeContent(environmentId, await readRuntimeSources(db, environmentId, options));
  return { content, hash: hashRuntimeContent(content) };
}
