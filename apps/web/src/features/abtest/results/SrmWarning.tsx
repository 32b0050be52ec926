import { caseLabel, formatPercentage, toDisplayPercentages } from '@console/domain/abtest';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { formatPValue } from './results.format.ts';

const splitText = (shares: readonly number[]) =>
  toDisplayPercentages(shares)
    .map((percent, caseIndex) => `${caseLabel(caseIndex)} ${formatPercentage(percent)}`)
    .join(', ');

/**
 * The sample ratio mismatch warning: the exposed players are not split as the version's weights say, so
 * something between assignment and exposure loses or adds players of some case, and the cases no longer
 * compare like groups. It says what was expected, what came, and what the operator should do.
 */
export function SrmWarning({
  players,
  weights,
  pValue,
}: {
  /** Exposed players by case index. */
  players: readonly number[];
  weights: readonly number[];
  pValue: number | null;
}) {
  return (
    <Alert severity="error" aria-label="Sample ratio mismatch" sx={{ my: 1 }}>
      <AlertTitle>Sample ratio mismatch: do not act on these results yet</AlertTitle>
      This version splits players {splitText(weights)}, but the exposed players came {splitText(players)}
      {pValue === null ? '' : ` (chi-square p = ${formatPValue(pValue)})`}. A split this far off is almost
      never chance: players of some case are lost or added on the way (a case that crashes or quits early,
      exposures sent on only some paths, bots, or the split changed during the test), so the cases no longer
      compare like groups and every number below may be biased. Find and fix the cause before shipping a case
      on these results.
    </Alert>
  );
}
