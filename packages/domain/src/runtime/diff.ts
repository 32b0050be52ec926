import { z } from 'zod';
import { operationSymbol, type SegmentCondition, segmentConditionSchema } from '../abtest/segment.ts';
import { SegmentProperty } from '../enums.ts';
import { describeMovedBuckets, movedBuckets, movedBucketsSchema } from './ranges.ts';
import type {
  RuntimeAbTest,
  RuntimeConfiguration,
  RuntimeContent,
  RuntimePlugin,
  RuntimePluginEntry,
} from './snapshot.ts';

// What changed between two runtime contents (two revisions, or two environments), grouped
// by plugin: its switch, its active set's entries (added, removed, reordered, version and case
// configurations), and the A/B-tests and configurations its entries reference (on either side),
// plus the release info. changedParts is the summary the runtime stream sends with each revision.

/** One value at a JSON path; `before` absent = it did not exist, `after` absent = it no longer does. */
export const valueChangeSchema = z.object({
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type ValueChange = z.infer<typeof valueChangeSchema>;

const changeKindSchema = z.enum(['added', 'removed', 'changed']);

export const abTestDiffSchema = z.object({
  id: z.string(),
  change: changeKindSchema,
  /** type, active, salt, version, case count and case weights (`cases[1].weight`). */
  changes: z.array(valueChangeSchema),
  segment: z.object({ added: z.array(segmentConditionSchema), removed: z.array(segmentConditionSchema) }),
  /** A new salt: every player's bucket is drawn afresh (re-randomise). */
  resplit: z.boolean(),
  /** With the same salt and ranges on both sides: the buckets that change case. */
  moves: movedBucketsSchema.nullable(),
});
export type AbTestDiff = z.infer<typeof abTestDiffSchema>;

export const configurationDiffSchema = z.object({
  id: z.string(),
  kind: z.string(),
  change: changeKindSchema,
  /** Paths under kind, activation and data: `activation.start`, `data.tiers[0].reward` (empty when added or removed). */
  changes: z.array(valueChangeSchema),
});
export type ConfigurationDiff = z.infer<typeof configurationDiffSchema>;

export const entryDiffSchema = z.object({
  abTestId: z.string(),
  change: changeKindSchema,
  positionBefore: z.number().int().nullable(),
  positionAfter: z.number().int().nullable(),
  /** abTestVersion and configurations[i] (case i's configuration id, '' = the plugin's default). */
  changes: z.array(valueChangeSchema),
});
export type EntryDiff = z.infer<typeof entryDiffSchema>;

export const pluginDiffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  change: changeKindSchema,
  /** name and enabled, when both sides hold the plugin */
  changes: z.array(valueChangeSchema),
  /** Whether the plugin is switched on in the later content (in the earlier one when removed). */
  enabled: z.boolean(),
  entries: z.array(entryDiffSchema),
  /** The A/B-tests of the entries both sides hold, when their order changed. */
  order: z.object({ before: z.array(z.string()), after: z.array(z.string()) }).nullable(),
  /** Changed A/B-tests and configurations that this plugin's entries reference on either side. */
  abTests: z.array(abTestDiffSchema),
  configurations: z.array(configurationDiffSchema),
});
export type PluginDiff = z.infer<typeof pluginDiffSchema>;

export const runtimeDiffSchema = z.object({
  /** Plugins whose own settings, entries or referenced tests or configurations changed, by id. */
  plugins: z.array(pluginDiffSchema),
  /** Every changed A/B-test and configuration, by id (also those no plugin references). */
  abTests: z.array(abTestDiffSchema),
  configurations: z.array(configurationDiffSchema),
  release: z.array(valueChangeSchema),
});
export type RuntimeDiff = z.infer<typeof runtimeDiffSchema>;

export const changedPartsSchema = z.object({
  /** Plugin names */
  plugins: z.array(z.string()),
  abTests: z.array(z.string()),
  configurations: z.array(z.string()),
  release: z.boolean(),
});
export type ChangedParts = z.infer<typeof changedPartsSchema>;

// ---- values ----

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const childPath = (path: string, key: string) =>
  IDENTIFIER.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${JSON.stringify(key)}]`;

function valueChange(path: string, before: unknown, after: unknown): ValueChange {
  const change: ValueChange = { path };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  return change;
}

/** Every leaf that differs, objects by key (sorted) and arrays by index. */
function diffValues(before: unknown, after: unknown, path: string, into: ValueChange[]): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) diffValues(before[key], after[key], childPath(path, key), into);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i += 1) {
      diffValues(before[i], after[i], `${path}[${i}]`, into);
    }
    return;
  }
  if (before === after) return;
  if (typeof before === 'object' && before !== null && JSON.stringify(before) === JSON.stringify(after))
    return;
  into.push(valueChange(path, before, after));
}

function changeOf<T>(before: T | undefined, after: T | undefined): 'added' | 'removed' | 'changed' {
  if (before === undefined) return 'added';
  return after === undefined ? 'removed' : 'changed';
}

// ---- A/B-tests and configurations ----

const conditionKey = (condition: SegmentCondition) =>
  `${condition.property}|${condition.op}|${condition.value}`;

function diffConditions(before: readonly SegmentCondition[], after: readonly SegmentCondition[]) {
  const remaining = new Map<string, number>();
  for (const condition of before) {
    remaining.set(conditionKey(condition), (remaining.get(conditionKey(condition)) ?? 0) + 1);
  }
  const added: SegmentCondition[] = [];
  for (const condition of after) {
    const count = remaining.get(conditionKey(condition)) ?? 0;
    if (count > 0) remaining.set(conditionKey(condition), count - 1);
    else added.push(condition);
  }
  const removed = before.filter((condition) => {
    const count = remaining.get(conditionKey(condition)) ?? 0;
    if (count === 0) return false;
    remaining.set(conditionKey(condition), count - 1);
    return true;
  });
  return { added, removed };
}

function diffAbTest(before: RuntimeAbTest | undefined, after: RuntimeAbTest | undefined): AbTestDiff | null {
  const id = (after ?? before)!.id;
  const changes: ValueChange[] = [];
  for (const key of ['type', 'active', 'salt', 'version'] as const) {
    if (before?.[key] !== after?.[key]) changes.push(valueChange(key, before?.[key], after?.[key]));
  }
  const casesBefore = before?.cases ?? [];
  const casesAfter = after?.cases ?? [];
  if (casesBefore.length !== casesAfter.length) {
    changes.push(valueChange('cases.length', casesBefore.length, casesAfter.length));
  }
  for (let i = 0; i < Math.max(casesBefore.length, casesAfter.length); i += 1) {
    const weightBefore = casesBefore[i]?.weight;
    const weightAfter = casesAfter[i]?.weight;
    if (weightBefore !== weightAfter)
      changes.push(valueChange(`cases[${i}].weight`, weightBefore, weightAfter));
  }
  const segment = diffConditions(before?.segment.conditions ?? [], after?.segment.conditions ?? []);
  const resplit = before !== undefined && after !== undefined && before.salt !== after.salt;
  const rangesBefore = casesBefore.map((runtimeCase) => runtimeCase.ranges);
  const rangesAfter = casesAfter.map((runtimeCase) => runtimeCase.ranges);
  const rangesChanged = JSON.stringify(rangesBefore) !== JSON.stringify(rangesAfter);
  let moves = null;
  if (rangesChanged && !resplit && before && after) {
    try {
      moves = movedBuckets(rangesBefore, rangesAfter);
    } catch {
      moves = null; // overlapping ranges in a stored snapshot: the weights above still tell the change
    }
  }
  const isSame =
    before !== undefined &&
    after !== undefined &&
    changes.length === 0 &&
    segment.added.length === 0 &&
    segment.removed.length === 0 &&
    !rangesChanged;
  if (isSame) return null;
  return { id, change: changeOf(before, after), changes, segment, resplit, moves };
}

function diffConfiguration(
  before: RuntimeConfiguration | undefined,
  after: RuntimeConfiguration | undefined,
): ConfigurationDiff | null {
  const changes: ValueChange[] = [];
  if (before && after) {
    diffValues(
      { kind: before.kind, activation: before.activation, data: before.data },
      { kind: after.kind, activation: after.activation, data: after.data },
      '',
      changes,
    );
    if (changes.length === 0) return null;
  }
  const latest = (after ?? before)!;
  return { id: latest.id, kind: latest.kind, change: changeOf(before, after), changes };
}

function diffById<T extends { id: string }, D>(
  before: readonly T[],
  after: readonly T[],
  diff: (a: T | undefined, b: T | undefined) => D | null,
): Map<string, D> {
  const byIdBefore = new Map(before.map((item) => [item.id, item]));
  const byIdAfter = new Map(after.map((item) => [item.id, item]));
  const ids = [...new Set([...byIdBefore.keys(), ...byIdAfter.keys()])].sort();
  const diffs = new Map<string, D>();
  for (const id of ids) {
    const itemBefore = byIdBefore.get(id);
    const itemAfter = byIdAfter.get(id);
    // The same object on both sides (a publish reuses the items it did not rebuild) is unchanged.
    if (itemBefore === itemAfter) continue;
    const result = diff(itemBefore, itemAfter);
    if (result !== null) diffs.set(id, result);
  }
  return diffs;
}

// ---- plugins ----

function entryChanges(before: RuntimePluginEntry | undefined, after: RuntimePluginEntry | undefined) {
  const changes: ValueChange[] = [];
  if (before?.abTestVersion !== after?.abTestVersion) {
    changes.push(valueChange('abTestVersion', before?.abTestVersion, after?.abTestVersion));
  }
  diffValues(before?.configurations ?? [], after?.configurations ?? [], 'configurations', changes);
  return changes;
}

function diffEntries(before: readonly RuntimePluginEntry[], after: readonly RuntimePluginEntry[]) {
  const positionsBefore = new Map(before.map((entry, position) => [entry.abTestId, position]));
  const positionsAfter = new Map(after.map((entry, position) => [entry.abTestId, position]));
  const entries: EntryDiff[] = [];
  const ids = [
    ...new Set([...after.map((entry) => entry.abTestId), ...before.map((entry) => entry.abTestId)]),
  ];
  for (const abTestId of ids) {
    const positionBefore = positionsBefore.get(abTestId) ?? null;
    const positionAfter = positionsAfter.get(abTestId) ?? null;
    const entryBefore = positionBefore === null ? undefined : before[positionBefore];
    const entryAfter = positionAfter === null ? undefined : after[positionAfter];
    const changes = entryChanges(entryBefore, entryAfter);
    if (entryBefore && entryAfter && changes.length === 0) continue;
    entries.push({
      abTestId,
      change: changeOf(entryBefore, entryAfter),
      positionBefore,
      positionAfter,
      changes,
    });
  }
  const commonBefore = before.map((entry) => entry.abTestId).filter((id) => positionsAfter.has(id));
  const commonAfter = after.map((entry) => entry.abTestId).filter((id) => positionsBefore.has(id));
  const isReordered = commonBefore.some((id, i) => commonAfter[i] !== id);
  return { entries, order: isReordered ? { before: commonBefore, after: commonAfter } : null };
}

function referencesOf(plugin: RuntimePlugin | undefined, abTests: Set<string>, configurations: Set<string>) {
  for (const entry of plugin?.entries ?? []) {
    abTests.add(entry.abTestId);
    for (const id of entry.configurations) if (id !== '') configurations.add(id);
  }
}

/** What changed from `a` to `b`, grouped by plugin. Equal contents give empty lists. */
export function diffRuntimeContent(a: RuntimeContent, b: RuntimeContent): RuntimeDiff {
  const abTests = diffById(a.abTests, b.abTests, diffAbTest);
  const configurations = diffById(a.configurations, b.configurations, diffConfiguration);
  const pluginsBefore = new Map(a.plugins.map((plugin) => [plugin.id, plugin]));
  const pluginsAfter = new Map(b.plugins.map((plugin) => [plugin.id, plugin]));
  const pluginIds = [...new Set([...pluginsBefore.keys(), ...pluginsAfter.keys()])].sort((x, y) => x - y);
  const plugins: PluginDiff[] = [];
  for (const id of pluginIds) {
    const before = pluginsBefore.get(id);
    const after = pluginsAfter.get(id);
    const changes: ValueChange[] = [];
    for (const key of ['name', 'enabled'] as const) {
      if (before && after && before[key] !== after[key])
        changes.push(valueChange(key, before[key], after[key]));
    }
    const { entries, order } = diffEntries(before?.entries ?? [], after?.entries ?? []);
    const testIds = new Set<string>();
    const configurationIds = new Set<string>();
    referencesOf(before, testIds, configurationIds);
    referencesOf(after, testIds, configurationIds);
    const testDiffs = [...testIds].sort().flatMap((testId) => abTests.get(testId) ?? []);
    const configurationDiffs = [...configurationIds]
      .sort()
      .flatMap((configId) => configurations.get(configId) ?? []);
    const isSame =
      before &&
      after &&
      changes.length + entries.length + testDiffs.length + configurationDiffs.length === 0 &&
      !order;
    if (isSame) continue;
    plugins.push({
      id,
      name: (after ?? before)!.name,
      change: changeOf(before, after),
      changes,
      enabled: (after ?? before)!.enabled,
      entries,
      order,
      abTests: testDiffs,
      configurations: configurationDiffs,
    });
  }
  const release: ValueChange[] = [];
  diffValues(a.release, b.release, '', release);
  return { plugins, abTests: [...abTests.values()], configurations: [...configurations.values()], release };
}

/** The summary the runtime stream sends with a revision: what a game server may want to re-read. */
export function changedParts(a: RuntimeContent, b: RuntimeContent): ChangedParts {
  const diff = diffRuntimeContent(a, b);
  return {
    plugins: diff.plugins.map((plugin) => plugin.name),
    abTests: diff.abTests.map((test) => test.id),
    configurations: diff.configurations.map((configuration) => configuration.id),
    release: diff.release.length > 0,
  };
}

// ---- text ----

const MAX_SHOWN_LENGTH = 80;
const PROPERTY_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(SegmentProperty).map(([name, id]) => [id, name]),
);

function showValue(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN_LENGTH ? `${text.slice(0, MAX_SHOWN_LENGTH - 1)}…` : text;
}

function showChange(change: ValueChange): string {
  return `${change.path}: ${showValue(change.before)} → ${showValue(change.after)}`;
}

const showCondition = (condition: SegmentCondition) =>
  `${PROPERTY_NAMES[condition.property] ?? `property ${condition.property}`} ${operationSymbol(condition.op) ?? `op ${condition.op}`} ${condition.value}`;

function abTestLines(test: AbTestDiff, indent: string): string[] {
  const head = `${indent}AB-test '${test.id}'`;
  if (test.change !== 'changed') return [`${head} ${test.change}`];
  const lines = test.changes.map((change) => `${head}: ${showChange(change)}`);
  for (const condition of test.segment.added)
    lines.push(`${head}: segment condition added: ${showCondition(condition)}`);
  for (const condition of test.segment.removed) {
    lines.push(`${head}: segment condition removed: ${showCondition(condition)}`);
  }
  if (test.resplit) lines.push(`${head}: new salt: every player is re-split`);
  if (test.moves) lines.push(`${head}: ${describeMovedBuckets(test.moves)}`);
  return lines;
}

function configurationLines(configuration: ConfigurationDiff, indent: string): string[] {
  const head = `${indent}Configuration '${configuration.id}' (${configuration.kind})`;
  if (configuration.change !== 'changed') return [`${head} ${configuration.change}`];
  return configuration.changes.map((change) => `${head}: ${showChange(change)}`);
}

function entryLines(entry: EntryDiff, indent: string): string[] {
  const head = `${indent}entry '${entry.abTestId}'`;
  if (entry.change === 'removed') return [`${head} removed from position ${entry.positionBefore! + 1}`];
  const changes = entry.changes.map((change) =>
    entry.change === 'added' ? `${change.path} ${showValue(change.after)}` : showChange(change),
  );
  if (entry.change === 'added')
    return [`${head} added at position ${entry.positionAfter! + 1}: ${changes.join(', ')}`];
  return changes.map((change) => `${head}: ${change}`);
}

/** The diff as readable lines: release first, then each plugin with what it references, then the rest. */
export function formatDiff(diff: RuntimeDiff): string[] {
  const lines = diff.release.map((change) => `Release: ${showChange(change)}`);
  const shown = { abTests: new Set<string>(), configurations: new Set<string>() };
  for (const plugin of diff.plugins) {
    const state = plugin.enabled ? 'switched on' : 'switched off';
    const change = plugin.change === 'changed' ? '' : ` ${plugin.change} (${state})`;
    lines.push(`Plugin ${plugin.name} (${plugin.id})${change}`);
    for (const change of plugin.changes) lines.push(`  ${showChange(change)}`);
    for (const entry of plugin.entries) lines.push(...entryLines(entry, '  '));
    if (plugin.order)
      lines.push(`  order: ${plugin.order.before.join(', ')} → ${plugin.order.after.join(', ')}`);
    for (const test of plugin.abTests) {
      lines.push(...abTestLines(test, '  '));
      shown.abTests.add(test.id);
    }
    for (const configuration of plugin.configurations) {
      lines.push(...configurationLines(configuration, '  '));
      shown.configurations.add(configuration.id);
    }
  }
  for (const test of diff.abTests) if (!shown.abTests.has(test.id)) lines.push(...abTestLines(test, ''));
  for (const configuration of diff.configurations) {
    if (!shown.configurations.has(configuration.id)) lines.push(...configurationLines(configuration, ''));
  }
  return lines;
}

// ---- the diff as the revision history and the environment comparison show it ----

export const movedBucketsNoteSchema = z.object({ abTestId: z.string(), text: z.string() });

export const describedDiffSchema = z.object({
  diff: runtimeDiffSchema,
  /** formatDiff: the whole diff as text. */
  lines: z.array(z.string()),
  /** Per changed plugin, its own lines (formatDiff of that plugin alone). */
  plugins: z.array(z.object({ id: z.number().int(), name: z.string(), lines: z.array(z.string()) })),
  /** Per A/B-test whose split changed: the moved-buckets sentence, or that everyone is re-split. */
  moves: z.array(movedBucketsNoteSchema),
});
export type DescribedDiff = z.infer<typeof describedDiffSchema>;

/** diffRuntimeContent with its text, per plugin, and the players each changed split moves. */
export function describeRuntimeDiff(a: RuntimeContent, b: RuntimeContent): DescribedDiff {
  const diff = diffRuntimeContent(a, b);
  const plugins = diff.plugins.map((plugin) => ({
    id: plugin.id,
    name: plugin.name,
    lines: formatDiff({ plugins: [plugin], abTests: [], configurations: [], release: [] }),
  }));
  const moves = diff.abTests.flatMap((test) => {
    if (test.resplit) return [{ abTestId: test.id, text: 'New salt: every player is re-split' }];
    return test.moves ? [{ abTestId: test.id, text: describeMovedBuckets(test.moves) }] : [];
  });
  return { diff, lines: formatDiff(diff), plugins, moves };
}
