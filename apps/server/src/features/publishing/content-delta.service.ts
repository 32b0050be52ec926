import type { RuntimeContent } from '@console/domain/runtime';
import { type EnvironmentTransaction, readerOf } from '../../context.ts';
import { consumeRuntimeChanges, type RuntimeChanges } from './changes.store.ts';
import { type BuiltContent, buildRuntimeContent, lastBuiltItems, toRuntimeItems } from './content.service.ts';
import { readSelectedRuntimeSources } from './content.store.ts';
import { type ContentLayout, type LaidOutContent, type ListEdit, layoutOf, sealItem } from './parts.ts';
import type { RevisionHead } from './revision.store.ts';

// A publish from what changed (docs/decisions, "Publish from what changed"): the content of the revision
// this process last built, plus the items written since (logged by the database: changes.store.ts),
// read again by id. The rest of the environment is neither read nor parsed.

/** A built content, the revision that holds it, and how many entries of its active sets name each item. */
interface BuiltState {
  revision: number;
  hash: string;
  content: RuntimeContent;
  /** Its parts' layout, from which the next content's parts and hash are made. */
  layout: ContentLayout;
  /** Its manifest and the parts it may lack (those it does not share with the content before). */
  laidOut: Pick<LaidOutContent, 'manifest' | 'parts'>;
  abTestRefs: Map<string, number>;
  configurationRefs: Map<string, number>;
}

/**
 * Per environment, the last content this process built and published (or found already published). It
 * is a basis only while it is the latest revision's content (same number and hash): the content is all
 * it holds (the reference counts are the content's own), so an equal hash means an equal basis.
 */
const states = new Map<string, BuiltState>();

type Entries = RuntimeContent['plugins'][number]['entries'];

function countRefs(
  entries: Entries,
  abTestRefs: Map<string, number>,
  configurationRefs: Map<string, number>,
  sign: 1 | -1,
): void {
  for (const entry of entries) {
    abTestRefs.set(entry.abTestId, (abTestRefs.get(entry.abTestId) ?? 0) + sign);
    for (const id of entry.configurations) configurationRefs.set(id, (configurationRefs.get(id) ?? 0) + sign);
  }
}

/**
 * `list` (sorted by id) with the items of `ids` put in place, each by its new value (undefined: removed),
 * and the edits that make the new list of the old one: each id found by binary search, the list copied
 * once around them, so the work is the changes' and one copy, and the layout cuts again only there.
 */
function putSorted<T extends { id: string | number }>(
  list: readonly T[],
  ids: Iterable<T['id']>,
  itemOf: (id: T['id']) => T | undefined,
): { list: T[]; edits: ListEdit[] } {
  const indexOf = (id: T['id']) => {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (list[middle]!.id < id) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const edits: (ListEdit & { items: T[] })[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const from = indexOf(id);
    const isThere = from < list.length && list[from]!.id === id;
    const item = itemOf(id);
    // The same sealed item again (its text unchanged): nothing to cut again.
    if (isThere && item === list[from]) continue;
    if (!isThere && item === undefined) continue;
    const last = edits.at(-1);
    const edit =
      last !== undefined && last.from + last.removed === from
        ? last
        : edits[edits.push({ from, removed: 0, inserted: 0, items: [] }) - 1]!;
    if (isThere) edit.removed += 1;
    if (item !== undefined) {
      edit.inserted += 1;
      edit.items.push(item);
    }
  }
  const next: T[] = [];
  let copied = 0;
  for (const { from, removed, items } of edits) {
    for (let index = copied; index < from; index += 1) next.push(list[index]!);
    next.push(...items);
    copied = from + removed;
  }
  for (let index = copied; index < list.length; index += 1) next.push(list[index]!);
  return { list: next, edits: edits.map(({ from, removed, inserted }) => ({ from, removed, inserted })) };
}

/** The items whose reference count crossed zero (either way) between `before` and `after`. */
function crossed(
  ids: Iterable<string>,
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
) {
  const found: string[] = [];
  for (const id of ids) if ((before.get(id) ?? 0) > 0 !== (after.get(id) ?? 0) > 0) found.push(id);
  return found;
}

/** The basis's content with the changed items read again (its lists copied, its counts updated). */
async function applyChanges(
  scope: EnvironmentTransaction,
  basis: BuiltState,
  changes: RuntimeChanges,
): Promise<Omit<BuiltState, 'revision'>> {
  const { tx, environmentId } = scope;
  const abTestRefs = basis.abTestRefs;
  const configurationRefs = basis.configurationRefs;
  const before = { abTests: new Map<string, number>(), configurations: new Map<string, number>() };
  const changedPlugins = new Set(changes.plugins);
  const oldPlugins = basis.content.plugins.filter((plugin) => changedPlugins.has(plugin.id));
  for (const plugin of oldPlugins)
    for (const entry of plugin.entries) {
      before.abTests.set(entry.abTestId, abTestRefs.get(entry.abTestId) ?? 0);
      for (const id of entry.configurations) before.configurations.set(id, configurationRefs.get(id) ?? 0);
    }
  // The plugins are read first: their active sets decide which A/B-tests and configurations are served.
  const reuse = lastBuiltItems(environmentId);
  const newPlugins =
    changedPlugins.size === 0
      ? []
      : toRuntimeItems(
          environmentId,
          await readSelectedRuntimeSources(tx, environmentId, {
            plugins: [...changedPlugins],
            abTests: [],
            configurations: [],
          }),
          reuse,
          new Map(),
        ).plugins.map(sealItem);
  // Counted in place: the basis is no longer kept (buildPublishedContent), and `before` holds what changes.
  const next = { abTestRefs, configurationRefs };
  for (const plugin of newPlugins)
    for (const entry of plugin.entries) {
      if (!before.abTests.has(entry.abTestId))
        before.abTests.set(entry.abTestId, abTestRefs.get(entry.abTestId) ?? 0);
      for (const id of entry.configurations)
        if (!before.configurations.has(id)) before.configurations.set(id, configurationRefs.get(id) ?? 0);
    }
  for (const plugin of oldPlugins) countRefs(plugin.entries, next.abTestRefs, next.configurationRefs, -1);
  for (const plugin of newPlugins) countRefs(plugin.entries, next.abTestRefs, next.configurationRefs, 1);
  const abTests = [
    ...new Set([...changes.abTests, ...crossed(before.abTests.keys(), before.abTests, next.abTestRefs)]),
  ];
  const configurations = [
    ...new Set([
      ...changes.configurations,
      ...crossed(before.configurations.keys(), before.configurations, next.configurationRefs),
    ]),
  ];
  const isServed = (refs: ReadonlyMap<string, number>) => (id: string) => (refs.get(id) ?? 0) > 0;
  const sources = await readSelectedRuntimeSources(tx, environmentId, {
    plugins: [],
    abTests: abTests.filter(isServed(next.abTestRefs)),
    configurations: configurations.filter(isServed(next.configurationRefs)),
  });
  const items = toRuntimeItems(environmentId, sources, reuse, new Map());
  const plugins = putSorted(basis.content.plugins, changedPlugins, (id) =>
    newPlugins.find((plugin) => plugin.id === id),
  );
  const abTestById = new Map(items.abTests.map((abTest) => [abTest.id, abTest]));
  const servedAbTests = putSorted(basis.content.abTests, abTests, (id) =>
    isServed(next.abTestRefs)(id) ? abTestById.get(id) : undefined,
  );
  const configurationById = new Map(
    items.configurations.map((configuration) => [configuration.id, configuration]),
  );
  const servedConfigurations = putSorted(basis.content.configurations, configurations, (id) =>
    isServed(next.configurationRefs)(id) ? configurationById.get(id) : undefined,
  );
  const content: RuntimeContent = {
    plugins: plugins.list,
    abTests: servedAbTests.list,
    configurations: servedConfigurations.list,
    release: sealItem(items.release),
  };
  const { manifest, parts, hash, layout } = layoutOf(content, basis.layout, {
    plugins: plugins.edits,
    abTests: servedAbTests.edits,
    configurations: servedConfigurations.edits,
  });
  return { content, hash, layout, laidOut: { manifest, parts }, ...next };
}

/** A state of a content built from every row: its reference counts counted, its plugins and release sealed. */
function stateOf(built: BuiltContent): Omit<BuiltState, 'revision'> {
  const content: RuntimeContent = {
    ...built.content,
    plugins: built.content.plugins.map(sealItem),
    release: sealItem(built.content.release),
  };
  const abTestRefs = new Map<string, number>();
  const configurationRefs = new Map<string, number>();
  for (const plugin of content.plugins) countRefs(plugin.entries, abTestRefs, configurationRefs, 1);
  const { manifest, parts, layout } = layoutOf(content);
  return { content, hash: built.hash, layout, laidOut: { manifest, parts }, abTestRefs, configurationRefs };
}

export interface PublishableContent extends BuiltContent {
  laidOut: BuiltState['laidOut'];
  /** Keeps it as the basis of the environment's next build, once `revision` holds it. */
  remember(revision: number): void;
}

/**
 * The environment's runtime content as the transaction sees it, for publishing after `latest`. The
 * caller holds the publish lock and the runtime is not pinned. The changes logged since are consumed
 * first; then, when this process built the latest revision's content, only they are read again;
 * otherwise (another process published, a rollback, a restart) every row is.
 */
export async function buildPublishedContent(
  scope: EnvironmentTransaction,
  latest: RevisionHead | null,
): Promise<PublishableContent> {
  const { tx, environmentId } = scope;
  const changes = await consumeRuntimeChanges(tx, environmentId);
  const basis = states.get(environmentId);
  // Gone until the new state is kept: a build that fails or rolls back leaves no basis behind.
  states.delete(environmentId);
  const state =
    basis !== undefined && latest !== null && basis.revision === latest.revision && basis.hash === latest.hash
      ? await applyChanges(scope, basis, changes)
      : stateOf(await buildRuntimeContent(readerOf(scope)));
  return {
    content: state.content,
    hash: state.hash,
    laidOut: state.laidOut,
    remember: (revision) => states.set(environmentId, { ...state, revision }),
  };
}

/** Forgets the environment's basis (a revision was written without building it from the rows). */
export function forgetBuiltContent(environmentId: string): void {
  states.delete(environmentId);
}
