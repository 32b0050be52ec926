import type { ExperimentResults, Interval } from '@console/domain/experiment';

/** What an interval says about a case against the control, in the direction the metric counts as better. */
export type Verdict = 'better' | 'worse' | 'unclear';

/** Better, worse or unclear: the interval lies wholly on one side of no change, read the metric's way. */
export function verdictOf({ low, high }: Interval, higherIsBetter: boolean): Verdict {
  if (low > 0) return higherIsBetter ? 'better' : 'worse';
  if (high < 0) return higherIsBetter ? 'worse' : 'better';
  return 'unclear';
}

/** The guardrail metrics a case is clearly worse on: what shipping it would harm. */
export function harmedGuardrails(results: ExperimentResults, caseIndex: number): string[] {
  return results.metrics.flatMap(({ metric, cases }) => {
    const change = cases.find((entry) => entry.caseIndex === caseIndex)?.change;
    return metric.guardrail && change && verdictOf(change.interval, metric.higherIsBetter) === 'worse'
      ? [metric.name]
      : [];
  });
}
