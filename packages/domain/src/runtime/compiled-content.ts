import { AbTestType } from '../enums.ts';
import { isScheduled } from '../schedule/configuration-timeline.ts';
import { type PreparedSalt, prepareSalt } from './bucket.ts';
import { ConfigurationSchedule } from './configuration-times.ts';
import type { EntrySkipCause } from './resolution.schemas.ts';
import { type CompiledCondition, compileSegment } from './segment-match.ts';
import type {
  RuntimeAbTest,
  RuntimeConfiguration,
  RuntimeContent,
  RuntimePlugin,
  RuntimePluginEntry,
} from './snapshot.ts';
import { matchmakingClosePercent } from './world-event-status.ts';

// A revision's content prepared once for every player it resolves (resolve.ts): each entry points at
// its A/B-test and its cases' configurations directly, segments are compiled, case ranges are sorted
// typed arrays, salts are hashed up to the player id, and schedules remember their current run. A
// published snapshot never changes, so this lives as long as the snapshot object (a WeakMap).

export interface CompiledTest {
  readonly test: RuntimeAbTest;
  readonly id: string;
  /** Why every entry of this test is skipped (inactive, no current version); null when it serves. */
  readonly skipCause: EntrySkipCause | null;
  readonly isSticky: boolean;
  /** The current version's case count. */
  readonly caseCount: number;
  readonly salt: PreparedSalt;
  readonly segment: readonly CompiledCondition[];
  /** Every case's ranges, sorted by start: starts, ends and case index side by side. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly caseIndexes: Int32Array;
  /** The bucket of the resolution numbered `bucketCall` (a test can serve several plugins). */
  bucketCall: number;
  bucket: number;
}

export interface CompiledConfiguration {
  readonly configuration: RuntimeConfiguration;
  /** False for kinds without activation (plugin/nuf): they run whenever served, for every level. */
  readonly scheduled: boolean;
  readonly schedule: ConfigurationSchedule;
  /** null for a kind without activation. */
  readonly minLevel: number | null;
  /** data.matchmaking.closePct when the configuration has one. */
  readonly closePct: number | null;
}

/**
 * What an entry gives for a case index: the configuration, '' for none (the plugin's default), or the
 * id of a configuration the snapshot does not hold.
 */
export type CompiledSlot = CompiledConfiguration | string;

export interface CompiledEntry {
  readonly entry: RuntimePluginEntry;
  readonly position: number;
  /** null when the snapshot does not hold the entry's A/B-test. */
  readonly test: CompiledTest | null;
  /** By case index; a case index past the end has no slot (the entry was added with an older version). */
  readonly slots: readonly CompiledSlot[];
}

export interface CompiledPlugin {
  readonly plugin: RuntimePlugin;
  readonly entries: readonly CompiledEntry[];
}

export interface CompiledContent {
  /** By plugin id. */
  readonly plugins: readonly CompiledPlugin[];
  readonly tests: ReadonlyMap<string, CompiledTest>;
}

const compiledContents = new WeakMap<RuntimeContent, CompiledContent>();

function compileTest(test: RuntimeAbTest): CompiledTest {
  const ranges: [number, number, number][] = [];
  test.cases.forEach((runtimeCase, caseIndex) => {
    for (const [start, end] of runtimeCase.ranges) if (end > start) ranges.push([start, end, caseIndex]);
  });
  ranges.sort((a, b) => a[0] - b[0]);
  const skipCause: EntrySkipCause | null = !test.active
    ? { reason: 'abtest-inactive' }
    : test.version === null || test.cases.length === 0
      ? { reason: 'no-active-version' }
      : null;
  return {
    test,
    id: test.id,
    skipCause,
    isSticky: test.type === AbTestType.StickySegmentation,
    caseCount: test.cases.length,
    salt: prepareSalt(test.salt),
    segment: compileSegment(test.segment.conditions),
    starts: Int32Array.from(ranges, (range) => range[0]),
    ends: Int32Array.from(ranges, (range) => range[1]),
    caseIndexes: Int32Array.from(ranges, (range) => range[2]),
    bucketCall: -1,
    bucket: 0,
  };
}

function compileConfiguration(configuration: RuntimeConfiguration): CompiledConfiguration {
  const scheduled = isScheduled(configuration);
  return {
    configuration,
    scheduled,
    schedule: new ConfigurationSchedule(configuration.activation),
    minLevel: scheduled ? configuration.activation.minLevel : null,
    closePct: scheduled ? matchmakingClosePercent(configuration.data) : null,
  };
}

/** The revision's content prepared for resolving (built on first use, kept as long as the content). */
export function compileContent(content: RuntimeContent): CompiledContent {
  let compiled = compiledContents.get(content);
  if (compiled) return compiled;
  const tests = new Map(content.abTests.map((test) => [test.id, compileTest(test)]));
  const configurations = new Map(
    content.configurations.map((configuration) => [configuration.id, compileConfiguration(configuration)]),
  );
  const plugins = [...content.plugins]
    .sort((a, b) => a.id - b.id)
    .map((plugin) => ({
      plugin,
      entries: plugin.entries.map((entry, position) => ({
        entry,
        position,
        test: tests.get(entry.abTestId) ?? null,
        slots: entry.configurations.map((id) => (id === '' ? '' : (configurations.get(id) ?? id))),
      })),
    }));
  compiled = { plugins, tests };
  compiledContents.set(content, compiled);
  return compiled;
}
