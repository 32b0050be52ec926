import type { Decision, ExperimentResults, Metric, MetricResult } from '@console/domain/experiment';

const AT = Date.UTC(2026, 11, 1, 9, 0);

export function aMetric(overrides: Partial<Metric> = {}): Metric {
  return {
    id: 'purchase',
    name: 'Purchase rate',
    kind: 'conversion',
    event: 'purchase',
    denominatorEvent: null,
    conversionWindowDays: 7,
    higherIsBetter: true,
    guardrail: false,
    archived: false,
    created: AT,
    modified: AT,
    lastModifier: 'op@example.com',
    ...overrides,
  };
}

/** A conversion metric where Case 2 converts clearly better than the control (10% against 12%). */
export function aWinningResult(metric = aMetric()): MetricResult {
  return {
    metric,
    status: 'ok',
    shortfalls: [],
    cases: [
      { caseIndex: 0, players: 5000, value: 0.1, interval: { low: 0.0917, high: 0.1083 }, change: null },
      {
        caseIndex: 1,
        players: 5000,
        value: 0.12,
        interval: { low: 0.111, high: 0.129 },
        change: { relative: 0.2, interval: { low: 0.07, high: 0.33 }, pValue: 0.0012, chanceToBeat: 0.9991 },
      },
    ],
  };
}

/** The results of version 0 of a two-case test split 50/50. */
export function someResults(overrides: Partial<ExperimentResults> = {}): ExperimentResults {
  return {
    abTestId: 'spring-sale',
    version: 0,
    source: 'events',
    method: 'sequential',
    methodDescription: 'Always-valid intervals: looking every day does not inflate false positives.',
    weights: [500_000, 500_000],
    cases: [
      { caseIndex: 0, players: 5000 },
      { caseIndex: 1, players: 5000 },
    ],
    players: 10_000,
    srm: { pValue: 1, isMismatch: false, threshold: 0.001 },
    metrics: [aWinningResult()],
    firstDay: '2026-11-28',
    lastDay: '2026-12-01',
    computed: AT,
    ...overrides,
  };
}

/** The answer of /results/decide for shipping `caseIndex` of `results`' version. */
export const aDecision = (caseIndex: number, results = someResults()): Decision => ({
  id: 1,
  abTestId: results.abTestId,
  version: results.version ?? 0,
  caseIndex,
  note: '',
  decidedBy: 'op@example.com',
  decided: AT,
  result: results,
});
