import { AbTestType } from '../enums.ts';
import { isScheduled } from '../schedule/configuration-timeline.ts';
import { bucketOfPlayer, encodePlayerId, type PreparedSalt, prepareSalt } from './bucket.ts';
import { ConfigurationSchedule } from './configuration-times.ts';
import {
  DEFAULT_PLAYER_LEVEL,
  type EntrySkipCause,
  type MatchedEntry,
  type PlayerResolution,
  type PluginOutcome,
  type PluginResolution,
  type SkippedEntry,
} from './resolution.schemas.ts';
import type { PlayerContext, StickyAssignments } from './runtime-api.ts';
import {
  type CompiledCondition,
  compileSegment,
  findFailingCondition,
  prepareSegmentPlayer,
  type SegmentPlayer,
} from './segment-match.ts';
import type {
  RuntimeAbTest,
  RuntimeConfiguration,
  RuntimeContent,
  RuntimePlugin,
  RuntimePluginEntry,
} from './snapshot.ts';

// What one player receives — the one implementation the server, the SDK and the console's
// preview call (docs/decisions.md, "Runtime: bucketing, resolution, sticky/dynamic"). Per plugin (by
// id): a disabled plugin gives nothing; otherwise the first entry of the active set whose A/B-test is
// active, has a current version and takes the player (sticky assignment, or segment and bucket)
// decides the case; the entry's configuration for that case is what the player receives, if it runs
// at `at` and the player's level reaches its minimum; otherwise the plugin's default. A later entry
// never gets a second chance once an earlier one has decided the case.

export interface ResolvePlayerInput {
  readonly userId: string;
  readonly context: PlayerContext;
  /** Absent: level 1. */
  readonly level?: number | undefined;
  readonly assignments?: StickyAssignments;
}

interface CompiledTest {
  readonly test: RuntimeAbTest;
  readonly salt: PreparedSalt;
  readonly segment: CompiledCondition[];
  /** Every case's ranges, sorted by start: starts, ends and case index side by side. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly caseIndexes: Int32Array;
  /** The bucket of the resolution numbered `bucketCall` (a test can serve several plugins). */
  bucketCall: number;
  bucket: number;
}

interface CompiledConfiguration {
  readonly configuration: RuntimeConfiguration;
  /** False for kinds without activation (plugin/nuf): they run whenever served, for every level. */
  readonly scheduled: boolean;
  readonly schedule: ConfigurationSchedule;
}

interface CompiledContent {
  readonly plugins: readonly RuntimePlugin[];
  readonly tests: ReadonlyMap<string, CompiledTest>;
  readonly configurations: ReadonlyMap<string, CompiledConfiguration>;
}

// A snapshot is immutable once published: its indexes are built on first use and live as long as it.
const compiledContents = new WeakMap<RuntimeContent, CompiledContent>();
let resolutionCount = 0;

function compileTest(test: RuntimeAbTest): CompiledTest {
  const ranges: [number, number, number][] = [];
  test.cases.forEach((runtimeCase, caseIndex) => {
    for (const [start, end] of runtimeCase.ranges) if (end > start) ranges.push([start, end, caseIndex]);
  });
  ranges.sort((a, b) => a[0] - b[0]);
  return {
    test,
    salt: prepareSalt(test.salt),
    segment: compileSegment(test.segment.conditions),
    starts: Int32Array.from(ranges, (range) => range[0]),
    ends: Int32Array.from(ranges, (range) => range[1]),
    caseIndexes: Int32Array.from(ranges, (range) => range[2]),
    bucketCall: -1,
    bucket: 0,
  };
}

function compileContent(content: RuntimeContent): CompiledContent {
  let compiled = compiledContents.get(content);
  if (compiled) return compiled;
  compiled = {
    plugins: [...content.plugins].sort((a, b) => a.id - b.id),
    tests: new Map(content.abTests.map((test) => [test.id, compileTest(test)])),
    configurations: new Map(
      content.configurations.map((configuration) => [
        configuration.id,
        {
          configuration,
          scheduled: isScheduled(configuration),
          schedule: new ConfigurationSchedule(configuration.activation),
        },
      ]),
    ),
  };
  compiledContents.set(content, compiled);
  return compiled;
}

/** The case owning `bucket` (binary search over the sorted ranges), -1 when none does. */
function caseAt(test: CompiledTest, bucket: number): number {
  const { starts, ends } = test;
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! > bucket) high = middle - 1;
    else if (ends[middle]! <= bucket) low = middle + 1;
    else return test.caseIndexes[middle]!;
  }
  return -1;
}

function bucketIn(test: CompiledTest, userId: Uint8Array): number {
  if (test.bucketCall !== resolutionCount) {
    test.bucket = bucketOfPlayer(test.salt, userId);
    test.bucketCall = resolutionCount;
  }
  return test.bucket;
}

const isSticky = (test: RuntimeAbTest) => test.type === AbTestType.StickySegmentation;

/** The assignments to pass back: kept unless their test is in the snapshot and not sticky, or their case is gone. */
function keptAssignments(compiled: CompiledContent, assignments: StickyAssignments): Record<string, number> {
  // Keyed by A/B-test ids, which operators choose: no prototype to inherit from or to replace.
  const kept: Record<string, number> = Object.create(null);
  if (!assignments) return kept;
  for (const [abTestId, caseIndex] of Object.entries(assignments)) {
    const test = compiled.tests.get(abTestId)?.test;
    if (test && (!isSticky(test) || (test.version !== null && caseIndex >= test.cases.length))) continue;
    kept[abTestId] = caseIndex;
  }
  return kept;
}

interface EntryDecision {
  readonly skipped?: SkippedEntry;
  readonly caseIndex?: number;
  readonly bucket?: number;
  readonly sticky?: 'kept' | 'assigned' | null;
  readonly droppedAssignment: number | null;
  readonly test?: RuntimeAbTest;
}

function skipEntry(
  entry: RuntimePluginEntry,
  position: number,
  cause: EntrySkipCause,
  droppedAssignment: number | null = null,
): EntryDecision {
  return {
    droppedAssignment,
    skipped: {
      position,
      abTestId: entry.abTestId,
      abTestVersion: entry.abTestVersion,
      droppedAssignment,
      cause,
    },
  };
}

/** Whether the entry takes the player, and into which case; or why not. */
function decideEntry(
  compiled: CompiledContent,
  entry: RuntimePluginEntry,
  position: number,
  player: SegmentPlayer,
  idBytes: Uint8Array,
  assignments: StickyAssignments,
  nextAssignments: Record<string, number>,
): EntryDecision {
  const compiledTest = compiled.tests.get(entry.abTestId);
  if (!compiledTest) return skipEntry(entry, position, { reason: 'abtest-missing' });
  const { test } = compiledTest;
  if (!test.active) return skipEntry(entry, position, { reason: 'abtest-inactive' });
  if (test.version === null || test.cases.length === 0)
    return skipEntry(entry, position, { reason: 'no-active-version' });

  let droppedAssignment: number | null = null;
  if (isSticky(test) && assignments) {
    const assigned = Object.hasOwn(assignments, test.id) ? assignments[test.id] : undefined;
    if (assigned !== undefined && assigned < test.cases.length) {
      // Docs/decisions.md: a sticky player keeps membership and case; segment and bucket are not re-evaluated
      const bucket = bucketIn(compiledTest, idBytes);
      return { caseIndex: assigned, bucket, sticky: 'kept', droppedAssignment, test };
    }
    if (assigned !== undefined) droppedAssignment = assigned;
  }
  const failure = findFailingCondition(compiledTest.segment, player);
  if (failure) return skipEntry(entry, position, { reason: 'segment', failure }, droppedAssignment);
  const bucket = bucketIn(compiledTest, idBytes);
  const caseIndex = caseAt(compiledTest, bucket);
  if (caseIndex < 0) return skipEntry(entry, position, { reason: 'no-case', bucket }, droppedAssignment);
  if (isSticky(test)) nextAssignments[test.id] = caseIndex;
  return { caseIndex, bucket, sticky: isSticky(test) ? 'assigned' : null, droppedAssignment, test };
}

function pluginAnswer(
  plugin: RuntimePlugin,
  outcome: PluginOutcome,
  skipped: SkippedEntry[],
  matched: MatchedEntry | null,
  configuration: RuntimeConfiguration | null,
): PluginResolution {
  return {
    pluginId: plugin.id,
    pluginName: plugin.name,
    outcome,
    configuration,
    skipped,
    matched,
  };
}

function resolvePlugin(
  compiled: CompiledContent,
  plugin: RuntimePlugin,
  player: SegmentPlayer,
  idBytes: Uint8Array,
  level: number,
  at: number,
  assignments: StickyAssignments,
  nextAssignments: Record<string, number>,
): PluginResolution {
  if (!plugin.enabled) return pluginAnswer(plugin, 'disabled', [], null, null);
  const skipped: SkippedEntry[] = [];
  for (let position = 0; position < plugin.entries.length; position += 1) {
    const entry = plugin.entries[position]!;
    const decision = decideEntry(compiled, entry, position, player, idBytes, assignments, nextAssignments);
    if (decision.skipped) {
      skipped.push(decision.skipped);
      continue;
    }
    const caseIndex = decision.caseIndex!;
    const hasSlot = caseIndex < entry.configurations.length;
    const configurationId = hasSlot ? entry.configurations[caseIndex]! : '';
    const found = configurationId === '' ? undefined : compiled.configurations.get(configurationId);
    const times = found ? (found.scheduled ? found.schedule.timesAt(at) : null) : undefined;
    const minLevel = found?.scheduled ? found.configuration.activation.minLevel : null;
    const matched: MatchedEntry = {
      position,
      abTestId: entry.abTestId,
      abTestVersion: entry.abTestVersion,
      droppedAssignment: decision.droppedAssignment,
      abTestType: decision.test!.type,
      testVersion: decision.test!.version!,
      caseIndex,
      bucket: decision.bucket!,
      sticky: decision.sticky ?? null,
      configurationId,
      hasSlot,
      configurationFound: found !== undefined,
      running: found ? (times ? times.running : true) : null,
      runningUntil: times?.runningUntil ?? null,
      nextStart: times?.nextStart ?? null,
      minLevel,
      belowMinLevel: minLevel !== null && level < minLevel,
    };
    const outcome: PluginOutcome =
      configurationId === ''
        ? 'default'
        : !found
          ? 'configuration-missing'
          : !matched.running
            ? 'not-running'
            : matched.belowMinLevel
              ? 'below-min-level'
              : 'configuration';
    return pluginAnswer(
      plugin,
      outcome,
      skipped,
      matched,
      outcome === 'configuration' ? found!.configuration : null,
    );
  }
  return pluginAnswer(plugin, 'no-match', skipped, null, null);
}

/**
 * What the player receives from every plugin of the snapshot at `at` (UTC ms), with the reasons,
 * and the sticky assignments the game server should keep and pass back next time.
 */
export function resolvePlayer(
  content: RuntimeContent,
  player: ResolvePlayerInput,
  at: number,
): PlayerResolution {
  const compiled = compileContent(content);
  resolutionCount = (resolutionCount + 1) % 1_000_000_000;
  const level = player.level ?? DEFAULT_PLAYER_LEVEL;
  const segmentPlayer = prepareSegmentPlayer(player.userId, player.context);
  const idBytes = encodePlayerId(player.userId);
  const assignments = player.assignments;
  const nextAssignments = keptAssignments(compiled, assignments);
  const plugins = compiled.plugins.map((plugin) =>
    resolvePlugin(compiled, plugin, segmentPlayer, idBytes, level, at, assignments, nextAssignments),
  );
  return { userId: player.userId, level, at, plugins, assignments: nextAssignments };
}
