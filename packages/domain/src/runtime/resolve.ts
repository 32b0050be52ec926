import { bucketOfPlayer, type EncodedPlayerId, encodePlayerId } from './bucket.ts';
import {
  type CompiledContent,
  type CompiledEntry,
  type CompiledPlugin,
  type CompiledTest,
  compileContent,
} from './compiled-content.ts';
import type { ConfigurationTimes } from './configuration-times.ts';
import {
  DEFAULT_PLAYER_LEVEL,
  type EntrySkipCause,
  type MatchedEntry,
  NEXT_START_HORIZON_MS,
  type PlayerReceipt,
  type PlayerResolution,
  type PluginOutcome,
  type PluginReceipt,
  type PluginResolution,
  type SkippedEntry,
} from './resolution.schemas.ts';
import type { PlayerContext, StickyAssignments } from './runtime-api.ts';
import {
  conditionFailure,
  findFailingCondition,
  prepareSegmentPlayer,
  type SegmentPlayer,
} from './segment-match.ts';
import type { RuntimeConfiguration, RuntimeContent } from './snapshot.ts';
import { worldEventStatusOf } from './world-event-status.ts';

// What one player receives — the one implementation the server, the SDK and the console's
// preview call (docs/decisions/0277, "Runtime: bucketing, resolution, sticky/dynamic"; the rules a port
// follows are written in packages/runtime-spec). Per plugin (by id): a disabled plugin gives nothing;
// otherwise the first entry of the active set whose A/B-test is active, has a current version and takes
// the player (sticky assignment, or segment and bucket) decides the case; the entry's configuration for
// that case is what the player receives, if it runs at `at` and the player's level reaches its minimum;
// otherwise the plugin's default. A later entry never gets a second chance once an earlier one has
// decided the case. resolveReceipt answers what the player receives; resolvePlayer also why (the
// reasons a preview shows), from the same decision (decidePlugin), so the two cannot disagree.

export interface ResolvePlayerInput {
  readonly userId: string;
  readonly context: PlayerContext;
  /** Absent: level 1. */
  readonly level?: number | undefined;
  readonly assignments?: StickyAssignments;
}

let resolutionCount = 0;

function bucketIn(test: CompiledTest, userId: EncodedPlayerId): number {
  if (test.bucketCall !== resolutionCount) {
    test.bucket = bucketOfPlayer(test.salt, userId);
    test.bucketCall = resolutionCount;
  }
  return test.bucket;
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

/** The assignments to pass back: kept unless their test is in the snapshot and not sticky, or their case is gone. */
function keptAssignments(compiled: CompiledContent, assignments: StickyAssignments): Record<string, number> {
  // Keyed by A/B-test ids, which operators choose: no prototype to inherit from or to replace.
  const kept: Record<string, number> = Object.create(null);
  if (!assignments) return kept;
  for (const abTestId of Object.keys(assignments)) {
    const caseIndex = assignments[abTestId]!;
    const test = compiled.tests.get(abTestId);
    if (test && (!test.isSticky || (test.test.version !== null && caseIndex >= test.caseCount))) continue;
    kept[abTestId] = caseIndex;
  }
  return kept;
}

/** One resolution's player: what every plugin's decision reads. */
interface Player {
  readonly segment: SegmentPlayer;
  readonly idBytes: EncodedPlayerId;
  readonly assignments: StickyAssignments;
  /** The assignments to pass back; entries that assign a sticky case add to it. */
  readonly next: Record<string, number>;
}

// The decision of the last decidePlugin call (module state rather than an object per plugin: a game
// server resolves every plugin of every player, and these are read right after the call).
let decidedEntry: CompiledEntry | null = null;
let decidedCase = -1;
let decidedSticky: 'kept' | 'assigned' | null = null;
let decidedDropped: number | null = null;
/** Whether an entry was skipped because the content is broken (its test missing, no case for the bucket). */
let isContentBroken = false;

function skip(
  skipped: SkippedEntry[],
  entry: CompiledEntry,
  cause: EntrySkipCause,
  droppedAssignment: number | null,
): void {
  const { abTestId, abTestVersion } = entry.entry;
  skipped.push({ position: entry.position, abTestId, abTestVersion, droppedAssignment, cause });
}

// What decideTest answers besides a case index (≥ 0).
const NOT_IN_SEGMENT = -1;
const NO_CASE = -2;
// Set by decideTest: how the case was decided, the sticky assignment dropped, and the bucket that did not
// find a case (NO_CASE).
let testSticky: 'kept' | 'assigned' | null = null;
let testDropped: number | null = null;
let testBucket = 0;

/**
 * The case of one serving A/B-test (skipCause null) for the player: a kept sticky assignment (segment
 * and bucket are not evaluated again), else the case owning the player's bucket when the player is in
 * the segment; NOT_IN_SEGMENT or NO_CASE otherwise. A sticky assignment to a case that no longer exists
 * is dropped (testDropped). Assigning a sticky case is left to the caller.
 */
function decideTest(test: CompiledTest, player: Player): number {
  testDropped = null;
  if (test.isSticky && player.assignments !== undefined) {
    const assigned = player.assignments[test.id];
    if (typeof assigned === 'number') {
      if (assigned < test.caseCount) {
        testSticky = 'kept';
        return assigned;
      }
      testDropped = assigned;
    }
  }
  const conditions = test.segment;
  for (let index = 0; index < conditions.length; index += 1) {
    if (conditionFailure(conditions[index]!, player.segment) !== null) return NOT_IN_SEGMENT;
  }
  testBucket = bucketIn(test, player.idBytes);
  const caseIndex = caseAt(test, testBucket);
  if (caseIndex < 0) return NO_CASE;
  testSticky = test.isSticky ? 'assigned' : null;
  return caseIndex;
}

/**
 * Which entry decides the player's case, and the case; false when none does. With `skipped`, each
 * entry passed over is recorded there with its reason (the explanation; left out when only the answer counts).
 */
function decidePlugin(plugin: CompiledPlugin, player: Player, skipped: SkippedEntry[] | null): boolean {
  isContentBroken = false;
  for (const entry of plugin.entries) {
    const test = entry.test;
    if (test === null) {
      isContentBroken = true;
      if (skipped) skip(skipped, entry, { reason: 'abtest-missing' }, null);
      continue;
    }
    if (test.skipCause !== null) {
      if (skipped) skip(skipped, entry, test.skipCause, null);
      continue;
    }
    const caseIndex = decideTest(test, player);
    if (caseIndex === NOT_IN_SEGMENT) {
      if (skipped) {
        const failure = findFailingCondition(test.segment, player.segment)!;
        skip(skipped, entry, { reason: 'segment', failure }, testDropped);
      }
      continue;
    }
    if (caseIndex === NO_CASE) {
      isContentBroken = true;
      if (skipped) skip(skipped, entry, { reason: 'no-case', bucket: testBucket }, testDropped);
      continue;
    }
    if (testSticky === 'assigned') player.next[test.id] = caseIndex;
    decidedEntry = entry;
    decidedCase = caseIndex;
    decidedSticky = testSticky;
    decidedDropped = testDropped;
    return true;
  }
  return false;
}

// What the decided case gives, set by serveDecidedCase.
let servedOutcome: PluginOutcome = 'no-match';
let servedConfiguration: RuntimeConfiguration | null = null;
let servedTimes: ConfigurationTimes | null = null;
let servedClosePct: number | null = null;

/** The decided case's configuration at `at` for a player of `level`: outcome, configuration, times. */
function serveDecidedCase(level: number, at: number): void {
  const { slots } = decidedEntry!;
  const slot = decidedCase < slots.length ? slots[decidedCase]! : '';
  servedConfiguration = null;
  servedTimes = null;
  servedClosePct = null;
  if (typeof slot === 'string') {
    servedOutcome = slot === '' ? 'default' : 'configuration-missing';
    return;
  }
  if (slot.scheduled) {
    servedTimes = slot.schedule.timesAt(at);
    servedClosePct = slot.closePct;
  }
  if (servedTimes !== null && !servedTimes.running) servedOutcome = 'not-running';
  else if (slot.minLevel !== null && level < slot.minLevel) servedOutcome = 'below-min-level';
  else {
    servedOutcome = 'configuration';
    servedConfiguration = slot.configuration;
  }
}

const statusNow = (outcome: PluginOutcome, at: number) =>
  worldEventStatusOf(outcome, isContentBroken, servedTimes, servedClosePct, at);

function preparePlayer(compiled: CompiledContent, player: ResolvePlayerInput): Player {
  resolutionCount = (resolutionCount + 1) % 1_000_000_000;
  return {
    segment: prepareSegmentPlayer(player.userId, player.context),
    idBytes: encodePlayerId(player.userId),
    assignments: player.assignments,
    next: keptAssignments(compiled, player.assignments),
  };
}

/** One plugin's receipt: what the player receives from it, from which case, and its event status. */
function receiptOfPlugin(plugin: CompiledPlugin, player: Player, level: number, at: number): PluginReceipt {
  const { id, name } = plugin.plugin;
  if (!plugin.plugin.enabled) {
    return disabledReceipt(id, name);
  }
  if (!decidePlugin(plugin, player, null)) {
    servedTimes = null;
    return {
      pluginId: id,
      pluginName: name,
      outcome: 'no-match',
      status: statusNow('no-match', at),
      configuration: null,
      abTestId: null,
      caseIndex: null,
      runningUntil: null,
    };
  }
  serveDecidedCase(level, at);
  return {
    pluginId: id,
    pluginName: name,
    outcome: servedOutcome,
    status: statusNow(servedOutcome, at),
    configuration: servedConfiguration,
    abTestId: decidedEntry!.entry.abTestId,
    caseIndex: decidedCase,
    runningUntil: servedOutcome === 'configuration' ? (servedTimes?.runningUntil ?? null) : null,
  };
}

function disabledReceipt(pluginId: number, pluginName: string): PluginReceipt {
  return {
    pluginId,
    pluginName,
    outcome: 'disabled',
    status: worldEventStatusOf('disabled', false, null, null, 0),
    configuration: null,
    abTestId: null,
    caseIndex: null,
    runningUntil: null,
  };
}

/**
 * What the player receives from every plugin of the snapshot at `at` (UTC ms), with each plugin's
 * world event status, and the sticky assignments the game server should keep and pass back next time:
 * what POST /runtime/v1/resolve answers and the SDK's resolve() returns. Equal to
 * receiptOf(resolvePlayer(...)), without building the reasons.
 */
export function resolveReceipt(
  content: RuntimeContent,
  input: ResolvePlayerInput,
  at: number,
): PlayerReceipt {
  const compiled = compileContent(content);
  const player = preparePlayer(compiled, input);
  const level = input.level ?? DEFAULT_PLAYER_LEVEL;
  const { plugins } = compiled;
  const receipts: PluginReceipt[] = new Array(plugins.length);
  for (let index = 0; index < plugins.length; index += 1) {
    receipts[index] = receiptOfPlugin(plugins[index]!, player, level, at);
  }
  return { kind: 'receipt', userId: input.userId, level, at, plugins: receipts, assignments: player.next };
}

/** The matched entry as the explanation shows it (after decidePlugin and serveDecidedCase). */
function describeDecision(player: Player, level: number, at: number): MatchedEntry {
  const { entry, position, test, slots } = decidedEntry!;
  const slot = decidedCase < slots.length ? slots[decidedCase]! : '';
  const configurationId = typeof slot === 'string' ? slot : slot.configuration.id;
  const found = typeof slot === 'string' ? null : slot;
  const times = servedTimes;
  const nextRun = times?.nextRun ?? null;
  return {
    position,
    abTestId: entry.abTestId,
    abTestVersion: entry.abTestVersion,
    droppedAssignment: decidedDropped,
    abTestType: test!.test.type,
    testVersion: test!.test.version!,
    caseIndex: decidedCase,
    // shown for a kept sticky case too, though it did not decide
    bucket: bucketIn(test!, player.idBytes),
    sticky: decidedSticky,
    configurationId,
    hasSlot: decidedCase < slots.length,
    configurationFound: found !== null,
    running: found === null ? null : times === null ? true : times.running,
    runningUntil: times?.runningUntil ?? null,
    nextStart: nextRun !== null && nextRun < at + NEXT_START_HORIZON_MS ? nextRun : null,
    minLevel: found?.minLevel ?? null,
    belowMinLevel: found?.minLevel != null && level < found.minLevel,
  };
}

function resolutionOfPlugin(
  plugin: CompiledPlugin,
  player: Player,
  level: number,
  at: number,
): PluginResolution {
  const { id: pluginId, name: pluginName } = plugin.plugin;
  if (!plugin.plugin.enabled) {
    const { status } = disabledReceipt(pluginId, pluginName);
    return {
      pluginId,
      pluginName,
      outcome: 'disabled',
      status,
      configuration: null,
      skipped: [],
      matched: null,
    };
  }
  const skipped: SkippedEntry[] = [];
  if (!decidePlugin(plugin, player, skipped)) {
    servedTimes = null;
    const status = statusNow('no-match', at);
    return { pluginId, pluginName, outcome: 'no-match', status, configuration: null, skipped, matched: null };
  }
  serveDecidedCase(level, at);
  return {
    pluginId,
    pluginName,
    outcome: servedOutcome,
    status: statusNow(servedOutcome, at),
    configuration: servedConfiguration,
    skipped,
    matched: describeDecision(player, level, at),
  };
}

/**
 * What the player receives from every plugin of the snapshot at `at` (UTC ms), with the reasons,
 * and the sticky assignments the game server should keep and pass back next time.
 */
export function resolvePlayer(
  content: RuntimeContent,
  input: ResolvePlayerInput,
  at: number,
): PlayerResolution {
  const compiled = compileContent(content);
  const player = preparePlayer(compiled, input);
  const level = input.level ?? DEFAULT_PLAYER_LEVEL;
  const plugins = compiled.plugins.map((plugin) => resolutionOfPlugin(plugin, player, level, at));
  return { userId: input.userId, level, at, plugins, assignments: player.next };
}

/** Which case of one A/B-test a player is in, whatever the plugins do with it. */
export type AbTestCaseAnswer =
  | { outcome: 'case'; caseIndex: number; version: number; sticky: 'kept' | 'assigned' | null }
  | { outcome: 'abtest-missing' | 'abtest-inactive' | 'no-active-version' | 'segment' | 'no-case' };

/**
 * The case of the A/B-test `abTestId` the player falls into, by the same rules as a plugin's entry
 * (resolveReceipt): an inactive test, or one without a current version, places nobody; a kept sticky
 * assignment decides; else the segment and the bucket do. The SDK's OpenFeature provider evaluates an
 * A/B-test as a flag with it.
 */
export function resolveAbTestCase(
  content: RuntimeContent,
  input: ResolvePlayerInput,
  abTestId: string,
): AbTestCaseAnswer {
  const compiled = compileContent(content);
  const test = compiled.tests.get(abTestId);
  if (test === undefined) return { outcome: 'abtest-missing' };
  if (test.skipCause !== null) return { outcome: test.skipCause.reason };
  const caseIndex = decideTest(test, preparePlayer(compiled, input));
  if (caseIndex === NOT_IN_SEGMENT) return { outcome: 'segment' };
  if (caseIndex === NO_CASE) return { outcome: 'no-case' };
  return { outcome: 'case', caseIndex, version: test.test.version!, sticky: testSticky };
}
