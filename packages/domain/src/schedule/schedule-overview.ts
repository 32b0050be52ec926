import { caseLabels } from '../abtest/case-label.ts';
import type { ActivationWindow } from '../config/activation-engine.ts';
import { findConfigKind } from '../config/config-kinds.ts';
import { isPluginId, pluginNameOf } from '../operations/plugin.ts';
import {
  type ConfigurationTimeline,
  computeConfigurationTimeline,
  formatUtc,
  type ScheduleConfiguration,
} from './configuration-timeline.ts';
import type {
  ScheduleConflict,
  ScheduleEntrySet,
  ScheduleOverview,
  ScheduleOverviewRequest,
  ScheduleRow,
} from './schedule.schemas.ts';
import { appendSlots, buildSlotGrid, listSlotTimestamps, type SlotGrid } from './slot-grid.ts';

// The schedule overview, pure. Which configurations each plugin's sets
// reference, where each runs on the slot grid, and the conflicts (docs/decisions/0240, "Schedule
// overview"). The server reads plugins, entries and configurations in a few queries and calls this.

/** One A/B-test entry: a configuration id per case index ('' = none chosen). */
export interface ScheduleEntryInput {
  readonly set: ScheduleEntrySet;
  readonly position: number;
  readonly configurations: readonly string[];
}

export interface SchedulePluginInput {
  readonly id: number;
  /** Switched on. */
  readonly active: boolean;
  /** Active set and draft entries (the draft is left out unless asked for). */
  readonly entries: readonly ScheduleEntryInput[];
}

export interface ScheduleOverviewInput {
  readonly settings: Pick<
    ScheduleOverviewRequest,
    'slotsPerDay' | 'daysBack' | 'daysForward' | 'includeDraft'
  >;
  readonly plugins: readonly SchedulePluginInput[];
  /** The configurations the entries reference (others are ignored; a missing one is a conflict). */
  readonly configurations: readonly ScheduleConfiguration[];
}

/**
 * The key of a plugin in `schedules`. A row of an id the console does not know (left by another
 * version) gets its own key rather than sharing UNSUPPORTED with every other unknown id.
 */
const scheduleNameOf = (id: number): string => (isPluginId(id) ? pluginNameOf(id) : `PLUGIN_${id}`);

const SET_LABELS: Record<ScheduleEntrySet, string> = { active: 'active set', draft: 'draft' };

interface RowUsage {
  readonly sets: Set<ScheduleEntrySet>;
  readonly cases: Set<number>;
}

const hasCommonSlot = (a: readonly boolean[], b: readonly boolean[]) =>
  a.some((slot, index) => slot && b[index]);

/**
 * Where two configurations run at the same instant within the grid: the slots, ascending, and the
 * first common interval; null when never. Both window lists are ascending and non-overlapping.
 */
function findCommonRun(
  a: ConfigurationTimeline,
  b: ConfigurationTimeline,
  grid: SlotGrid,
): { slots: number[]; first: ActivationWindow } | null {
  if (!hasCommonSlot(a.slots, b.slots)) return null;
  const slots: number[] = [];
  let first: ActivationWindow | null = null;
  let i = 0;
  let j = 0;
  // bounds hold [start, end] pairs: i and j step over starts
  while (i < a.bounds.length && j < b.bounds.length) {
    const leftEnd = a.bounds[i + 1]!;
    const rightEnd = b.bounds[j + 1]!;
    const start = Math.max(a.bounds[i]!, b.bounds[j]!);
    const end = Math.min(leftEnd, rightEnd);
    if (appendSlots(grid, start, end, slots)) first ??= { start, end };
    if (leftEnd <= rightEnd) i += 2;
    else j += 2;
  }
  return first ? { slots, first } : null;
}

/** Computes the overview around `now` (UTC ms): grid, rows per plugin, conflicts. */
export function computeScheduleOverview(input: ScheduleOverviewInput, now: number): ScheduleOverview {
  const { settings } = input;
  const grid = buildSlotGrid(settings, now);
  const sets: readonly ScheduleEntrySet[] = settings.includeDraft ? ['active', 'draft'] : ['active'];
  const configurations = new Map(
    input.configurations.map((configuration) => [configuration.id, configuration]),
  );
  const timelines = new Map<string, ConfigurationTimeline>();
  const timelineOf = (configuration: ScheduleConfiguration) => {
    let timeline = timelines.get(configuration.id);
    if (!timeline) {
      timeline = computeConfigurationTimeline(configuration, grid);
      timelines.set(configuration.id, timeline);
    }
    return timeline;
  };
  const context: PluginContext = { grid, sets, configurations, timelineOf };

  const plugins: ScheduleOverview['plugins'] = [];
  const schedules: ScheduleOverview['schedules'] = {};
  const conflicts: ScheduleConflict[] = [];
  for (const plugin of [...input.plugins].sort((a, b) => a.id - b.id)) {
    const result = computePluginSchedule(plugin, context);
    if (!result) continue;
    const name = scheduleNameOf(plugin.id);
    plugins.push({ id: plugin.id, name, active: plugin.active });
    schedules[name] = result.rows;
    conflicts.push(...result.conflicts);
  }
  return {
    now,
    slotsPerDay: settings.slotsPerDay,
    daysBack: settings.daysBack,
    daysForward: settings.daysForward,
    includeDraft: settings.includeDraft,
    slotDurationMs: grid.slotMs,
    slotTimestamp: listSlotTimestamps(grid),
    rangeEnd: grid.end,
    plugins,
    schedules,
    conflicts,
  };
}

interface PluginContext {
  readonly grid: SlotGrid;
  readonly sets: readonly ScheduleEntrySet[];
  readonly configurations: ReadonlyMap<string, ScheduleConfiguration>;
  readonly timelineOf: (configuration: ScheduleConfiguration) => ConfigurationTimeline;
}

/** One plugin's rows and conflicts; null when its sets reference no configuration. */
function computePluginSchedule(
  plugin: SchedulePluginInput,
  context: PluginContext,
): { rows: ScheduleRow[]; conflicts: ScheduleConflict[] } | null {
  const { grid, sets, configurations, timelineOf } = context;
  const pluginName = scheduleNameOf(plugin.id);
  // reference order: the active set's entries by position, then the draft's; cases by index
  const usage = new Map<string, RowUsage>();
  const idsByCase = new Map<ScheduleEntrySet, Map<number, string[]>>();
  for (const set of sets) {
    const byCase = new Map<number, string[]>();
    idsByCase.set(set, byCase);
    const entries = plugin.entries
      .filter((entry) => entry.set === set)
      .sort((a, b) => a.position - b.position);
    for (const entry of entries) {
      entry.configurations.forEach((id, caseIndex) => {
        if (id === '') return;
        const row = usage.get(id) ?? { sets: new Set(), cases: new Set() };
        row.sets.add(set);
        row.cases.add(caseIndex);
        usage.set(id, row);
        const ids = byCase.get(caseIndex) ?? [];
        if (!ids.includes(id)) ids.push(id);
        byCase.set(caseIndex, ids);
      });
    }
  }
  if (usage.size === 0) return null;

  const allSlots = Array.from({ length: grid.count }, (_, slot) => slot);
  const rows: ScheduleRow[] = [];
  const conflicts: ScheduleConflict[] = [];
  for (const [id, { sets: rowSets, cases }] of usage) {
    const configuration = configurations.get(id);
    const timeline = configuration ? timelineOf(configuration) : null;
    const kindPluginName = configuration ? (findConfigKind(configuration.kind)?.pluginName ?? null) : null;
    const orderedSets = sets.filter((set) => rowSets.has(set));
    rows.push({
      configuration: id,
      schedule: timeline ? timeline.slots : Array(grid.count).fill(false),
      description: configuration?.description ?? '',
      kind: configuration?.kind ?? null,
      kindPluginName,
      found: configuration !== undefined,
      active: configuration?.active ?? false,
      sets: orderedSets,
      cases: [...cases].sort((a, b) => a - b),
    });

    const base = { pluginId: plugin.id, pluginName, set: orderedSets[0]!, configurations: [id], cases: [] };
    const fixConfiguration =
      kindPluginName === null
        ? ({ target: 'plugin', pluginId: plugin.id } as const)
        : ({ target: 'configuration', configuration: id, kindPluginName } as const);
    const where = `${pluginName} (${orderedSets.map((set) => SET_LABELS[set]).join(', ')}, ${caseLabels(cases)})`;
    const range = `between ${formatUtc(grid.start)} and ${formatUtc(grid.end)} UTC`;
    // (d) referenced but never active in the range, or switched off
    if (!configuration || !timeline) {
      conflicts.push({
        ...base,
        kind: 'never-active',
        slots: allSlots,
        message: `${where} references configuration '${id}', which does not exist: choose another configuration in the plugin's draft`,
        fix: { target: 'plugin', pluginId: plugin.id },
      });
      continue;
    }
    const runsInRange = timeline.slots.includes(true);
    if (!configuration.active || !runsInRange) {
      const runs = timeline.slots.flatMap((isRunning, slot) => (isRunning ? [slot] : []));
      const message = !configuration.active
        ? runsInRange
          ? `'${id}', used by ${where}, is switched off, so players get nothing from it: switch it on`
          : `'${id}', used by ${where}, is switched off and does not run ${range}: switch it on and change its activation`
        : `'${id}', used by ${where}, does not run ${range}: change its activation (type, start, end)`;
      conflicts.push({
        ...base,
        kind: 'never-active',
        slots: runs.length > 0 ? runs : allSlots,
        message,
        fix: fixConfiguration,
      });
    }
    // (b) and (c): the configuration's own windows
    if (timeline.cooldown)
      conflicts.push({ ...base, kind: 'cooldown', ...timeline.cooldown, fix: fixConfiguration });
    if (timeline.maxEventDuration) {
      conflicts.push({
        ...base,
        kind: 'max-event-duration',
        ...timeline.maxEventDuration,
        fix: fixConfiguration,
      });
    }
  }

  // (a) two configurations served to the same case of one set at the same time
  for (const set of sets) {
    conflicts.push(...findOverlaps(plugin.id, set, idsByCase.get(set)!, context));
  }
  return { rows, conflicts };
}

function findOverlaps(
  pluginId: number,
  set: ScheduleEntrySet,
  idsByCase: ReadonlyMap<number, readonly string[]>,
  context: PluginContext,
): ScheduleConflict[] {
  const { grid, configurations, timelineOf } = context;
  const pluginName = scheduleNameOf(pluginId);
  const pairs = new Map<
    string,
    { ids: [string, string]; cases: number[]; slots: number[]; first: ActivationWindow }
  >();
  const checked = new Set<string>();
  for (const [caseIndex, ids] of [...idsByCase].sort((a, b) => a[0] - b[0])) {
    const found = ids.filter((id) => configurations.has(id));
    for (let i = 0; i < found.length; i += 1) {
      for (let j = i + 1; j < found.length; j += 1) {
        const key = `${found[i]}\u0000${found[j]}`;
        const known = pairs.get(key);
        if (known) known.cases.push(caseIndex);
        if (known || checked.has(key)) continue;
        checked.add(key);
        const common = findCommonRun(
          timelineOf(configurations.get(found[i]!)!),
          timelineOf(configurations.get(found[j]!)!),
          grid,
        );
        if (common) pairs.set(key, { ids: [found[i]!, found[j]!], cases: [caseIndex], ...common });
      }
    }
  }
  return [...pairs.values()].map(({ ids, cases, slots, first }) => ({
    kind: 'overlap',
    pluginId,
    pluginName,
    set,
    configurations: ids,
    cases,
    slots,
    message:
      `${pluginName} runs '${ids[0]}' and '${ids[1]}' at the same time for ${caseLabels(cases)} of its ` +
      `${SET_LABELS[set]}, first from ${formatUtc(first.start)} to ${formatUtc(first.end)} UTC: change the ` +
      `activation of one of them, or serve them in different cases in the plugin's draft`,
    fix: { target: 'plugin', pluginId },
  }));
}
