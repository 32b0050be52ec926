import type {
  SpecConfiguration,
  SpecContent,
  SpecPlayer,
  SpecPluginReceipt,
  SpecReceipt,
} from '../spec-types.ts';
import { bucket } from './bucket.ts';
import { nextRunAfter, servingUntil, windowAt } from './schedule.ts';
import { isInSegment } from './segment.ts';

// Sections 3 and 5 of v1/README.md, from the document alone: per plugin, which entry decides the case,
// what the case gives, and the world event status; the assignments to keep. Written to be read, not to
// be fast: it produces the conformance files' expected answers.

const STICKY = 0;
const STATUS = {
  Error: 1,
  Running: 2,
  Finished: 4,
  NotActive: 16,
  NotFound: 32,
  NotStarted: 64,
  LevelUp: 256,
  MatchMakingClosed: 4096,
};

function closePercentOf(configuration: SpecConfiguration): number | null {
  const matchmaking = configuration.data.matchmaking as { closePct?: unknown } | undefined;
  const closePct = matchmaking?.closePct;
  return typeof closePct === 'number' && Number.isInteger(closePct) && closePct >= 1 && closePct <= 100
    ? closePct
    : null;
}

function caseOwning(ranges: readonly (readonly [number, number][])[], owned: number): number | null {
  for (let caseIndex = 0; caseIndex < ranges.length; caseIndex += 1) {
    if (ranges[caseIndex]!.some(([start, end]) => start <= owned && owned < end)) return caseIndex;
  }
  return null;
}

export function referenceResolve(
  content: SpecContent,
  player: SpecPlayer,
  at: number,
  assignments: Record<string, number> = {},
): SpecReceipt {
  const level = player.level ?? 1;
  const tests = new Map(content.abTests.map((test) => [test.id, test]));
  const configurations = new Map(
    content.configurations.map((configuration) => [configuration.id, configuration]),
  );
  const kept: Record<string, number> = {};
  for (const [testId, caseIndex] of Object.entries(assignments)) {
    const test = tests.get(testId);
    if (test && test.type !== STICKY) continue;
    if (test && test.version !== null && caseIndex >= test.cases.length) continue;
    kept[testId] = caseIndex;
  }

  const resolvePlugin = (plugin: SpecContent['plugins'][number]): SpecPluginReceipt => {
    const receipt = (
      fields: Partial<SpecPluginReceipt> & Pick<SpecPluginReceipt, 'outcome' | 'status'>,
    ): SpecPluginReceipt => ({
      pluginId: plugin.id,
      pluginName: plugin.name,
      outcome: fields.outcome,
      status: fields.status,
      configuration: fields.configuration ?? null,
      abTestId: fields.abTestId ?? null,
      caseIndex: fields.caseIndex ?? null,
      runningUntil: fields.runningUntil ?? null,
    });
    if (!plugin.enabled) return receipt({ outcome: 'disabled', status: STATUS.NotActive });
    let isBroken = false;
    for (const entry of plugin.entries) {
      const test = tests.get(entry.abTestId);
      if (!test) {
        isBroken = true;
        continue;
      }
      if (!test.active || test.version === null || test.cases.length === 0) continue;
      let caseIndex: number | null = null;
      const assigned = assignments[test.id];
      if (test.type === STICKY && assigned !== undefined && assigned < test.cases.length)
        caseIndex = assigned;
      if (caseIndex === null) {
        if (!isInSegment(test.segment.conditions, player)) continue;
        caseIndex = caseOwning(
          test.cases.map((testCase) => testCase.ranges),
          bucket(test.salt, player.userId),
        );
        if (caseIndex === null) {
          isBroken = true;
          continue;
        }
        if (test.type === STICKY) kept[test.id] = caseIndex;
      }
      const decided = { abTestId: test.id, caseIndex };
      const id = entry.configurations[caseIndex] ?? '';
      if (id === '') return receipt({ ...decided, outcome: 'default', status: STATUS.NotFound });
      const configuration = configurations.get(id);
      if (!configuration)
        return receipt({ ...decided, outcome: 'configuration-missing', status: STATUS.NotActive });
      if (configuration.kind === 'plugin/nuf') {
        return receipt({ ...decided, outcome: 'configuration', status: STATUS.Running, configuration });
      }
      const { activation } = configuration;
      const window = windowAt(activation, at);
      if (!window) {
        const status = nextRunAfter(activation, at) === null ? STATUS.Finished : STATUS.NotStarted;
        return receipt({ ...decided, outcome: 'not-running', status });
      }
      if (level < activation.minLevel)
        return receipt({ ...decided, outcome: 'below-min-level', status: STATUS.LevelUp });
      const closePct = closePercentOf(configuration);
      const isClosed =
        closePct !== null && (at - window.start) * 100 >= (window.end - window.start) * closePct;
      return receipt({
        ...decided,
        outcome: 'configuration',
        status: isClosed ? STATUS.MatchMakingClosed : STATUS.Running,
        configuration,
        runningUntil: servingUntil(activation, at),
      });
    }
    return receipt({ outcome: 'no-match', status: isBroken ? STATUS.Error : STATUS.NotFound });
  };

  const plugins = [...content.plugins].sort((a, b) => a.id - b.id).map(resolvePlugin);
  return { kind: 'receipt', userId: player.userId, level, at, plugins, assignments: kept };
}
