import { caseLabel } from '../abtest/case-label.ts';
import { operationSymbol } from '../abtest/segment.ts';
import { WorldEventStatus } from '../enums.ts';
import type { MatchedEntry, PlayerResolution, PluginResolution, SkippedEntry } from './resolution.schemas.ts';
import type { SegmentFailure } from './segment-match.ts';
import { matchmakingClosePercent, worldEventStatusName } from './world-event-status.ts';

// The player preview: resolvePlayer's reasons as sentences for an operator. Pure functions of
// the resolution's data, so the console, the SDK and a game server's logs say the same thing.

const iso = (ms: number) => new Date(ms).toISOString();

/** `Platform == ios does not hold: the player's Platform is "android"` */
export function describeSegmentFailure(failure: SegmentFailure): string {
  const { condition, property, playerValue } = failure;
  const shown = `${property} ${operationSymbol(condition.op) ?? `op ${condition.op}`} ${condition.value}`;
  switch (failure.cause) {
    case 'absent':
      return `${shown} does not hold: the player's context has no ${property}`;
    case 'invalid-condition':
      return `${shown} does not hold: the condition is not valid`;
    case 'invalid-player-value':
      return `${shown} does not hold: the player's ${property} "${playerValue}" is not 1 to 4 numbers separated by dots`;
    case 'mismatch':
      return `${shown} does not hold: the player's ${property} is ${JSON.stringify(playerValue)}`;
  }
}

/** Why an entry did not decide the player's case. */
export function describeSkippedEntry(entry: SkippedEntry): string {
  const test = `AB-test '${entry.abTestId}'`;
  const dropped =
    entry.droppedAssignment === null
      ? ''
      : ` (the sticky assignment to ${caseLabel(entry.droppedAssignment)}, which no longer exists, was dropped)`;
  switch (entry.cause.reason) {
    case 'abtest-missing':
      return `${test} is not in the snapshot`;
    case 'abtest-inactive':
      return `${test} is not active`;
    case 'no-active-version':
      return `${test} has no active version`;
    case 'segment':
      return `Not in the segment of ${test}: ${describeSegmentFailure(entry.cause.failure)}${dropped}`;
    case 'no-case':
      return `No case of ${test} owns bucket ${entry.cause.bucket}${dropped}`;
  }
}

/** How the matching entry placed the player: test, version, case, bucket, stickiness, slot. */
export function describeMatchedEntry(matched: MatchedEntry): string {
  const parts = [
    `AB-test '${matched.abTestId}' version ${matched.testVersion}, ${caseLabel(matched.caseIndex)} (bucket ${matched.bucket})`,
  ];
  if (matched.sticky === 'kept') parts.push('kept from an earlier sticky assignment');
  if (matched.sticky === 'assigned') parts.push('assigned now and kept (sticky)');
  if (matched.droppedAssignment !== null) {
    parts.push(
      `the earlier assignment to ${caseLabel(matched.droppedAssignment)}, which no longer exists, was dropped`,
    );
  }
  if (!matched.hasSlot) {
    parts.push(
      `the entry was added with version ${matched.abTestVersion}, which has no configuration for ${caseLabel(matched.caseIndex)}`,
    );
  }
  return parts.join('; ');
}

/** What the player receives from the plugin, in one sentence. */
export function describePluginOutcome(plugin: PluginResolution, level: number): string {
  const { matched } = plugin;
  const id = matched?.configurationId ?? '';
  switch (plugin.outcome) {
    case 'disabled':
      return `${plugin.pluginName} is switched off: the player receives nothing`;
    case 'no-match':
      return `No entry of the active set applies: the plugin's default`;
    case 'default':
      return `${caseLabel(matched!.caseIndex)} has no configuration: the plugin's default`;
    case 'configuration-missing':
      return `Configuration '${id}' is not in the snapshot: the plugin's default`;
    case 'not-running':
      return matched!.nextStart === null
        ? `Configuration '${id}' does not run now, nor within 30 days: the plugin's default`
        : `Configuration '${id}' does not run now; it next starts ${iso(matched!.nextStart)}: the plugin's default`;
    case 'below-min-level':
      return `Configuration '${id}' needs level ${matched!.minLevel}; the player is level ${level}: the plugin's default`;
    case 'configuration':
      return matched!.runningUntil === null
        ? `Receives configuration '${id}'`
        : `Receives configuration '${id}', running until ${iso(matched!.runningUntil)}`;
  }
}

/**
 * The plugin's world event status as a game server tells the player, with why:
 * `MatchMakingClosed (4096): matchmaking closes at 80% of the run`.
 */
export function describeWorldEventStatus(plugin: PluginResolution): string {
  const head = `${worldEventStatusName(plugin.status)} (${plugin.status})`;
  const { matched } = plugin;
  switch (plugin.outcome) {
    case 'disabled':
      return `${head}: the plugin is switched off`;
    case 'configuration-missing':
      return `${head}: the case's configuration is switched off (not published)`;
    case 'no-match':
      return plugin.skipped.some(
        (entry) => entry.cause.reason === 'abtest-missing' || entry.cause.reason === 'no-case',
      )
        ? `${head}: an entry cannot be evaluated (its AB-test is missing, or no case owns the player's bucket)`
        : `${head}: no entry of the active set takes the player`;
    case 'default':
      return `${head}: the player's case has no configuration`;
    case 'not-running':
      return matched?.nextStart != null
        ? `${head}: the next run starts ${iso(matched.nextStart)}`
        : plugin.status === WorldEventStatus.Finished
          ? `${head}: the configuration does not run again`
          : `${head}: the next run starts more than 30 days from now`;
    case 'below-min-level':
      return `${head}: the player needs level ${matched?.minLevel}`;
    case 'configuration': {
      const closePct = plugin.configuration ? matchmakingClosePercent(plugin.configuration.data) : null;
      if (plugin.status === WorldEventStatus.Running)
        return closePct === null ? head : `${head}; matchmaking closes at ${closePct}% of the run`;
      return `${head}: matchmaking closes at ${closePct}% of the run`;
    }
  }
}

/** The whole resolution as text: per plugin its outcome, then each skipped entry and the match. */
export function formatResolution(resolution: PlayerResolution): string[] {
  const lines: string[] = [];
  for (const plugin of resolution.plugins) {
    lines.push(
      `${plugin.pluginName} (${plugin.pluginId}): ${describePluginOutcome(plugin, resolution.level)}`,
    );
    for (const entry of plugin.skipped)
      lines.push(`  entry ${entry.position + 1}: ${describeSkippedEntry(entry)}`);
    if (plugin.matched)
      lines.push(`  entry ${plugin.matched.position + 1}: ${describeMatchedEntry(plugin.matched)}`);
  }
  return lines;
}
