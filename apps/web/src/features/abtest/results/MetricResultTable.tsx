import { caseLabel } from '@console/domain/abtest';
import type { MetricCaseResult, MetricResult } from '@console/domain/experiment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { VISIBLE_SCROLLBARS_SX } from '../../../components/scrollbars.ts';
import { ForestPlot, type ForestRow } from './ForestPlot.tsx';
import {
  formatChance,
  formatChange,
  formatChangeInterval,
  formatMetricValue,
  formatPValue,
} from './results.format.ts';
import { type Verdict, verdictOf } from './verdict.ts';

const VERDICT_LABELS: Record<Verdict, string> = { better: 'Better', worse: 'Worse', unclear: 'Unclear' };
const VERDICT_COLOURS = { better: 'success', worse: 'error', unclear: 'default' } as const;

const KIND_LABELS: Record<MetricResult['metric']['kind'], string> = {
  conversion: 'conversion',
  mean: 'mean per player',
  ratio: 'ratio',
  revenue: 'revenue per player',
};

// The statistics' "not enough data yet" reasons (packages/domain/src/statistics), in the operator's words.
const SHORTFALL_TEXTS: Readonly<Record<string, string>> = {
  'too-few-exposed': 'too few exposed players',
  'too-few-conversions': 'too few players converted (or too few did not)',
  'zero-denominator': 'the denominator event has no value yet',
  'no-variance': 'every player has the same value so far',
  'control-value-zero': "the control's value is 0, so a change against it has no size",
};

/** "Case 1 (control): too few exposed players; Case 2: ...", one entry per case and reason. */
export function shortfallText(shortfalls: MetricResult['shortfalls']): string {
  return shortfalls
    .map((entry) => `${caseLabel(entry.caseIndex)}: ${SHORTFALL_TEXTS[entry.reason] ?? entry.reason}`)
    .join('; ');
}

function valueText(result: MetricCaseResult, isRate: boolean): string {
  if (result.value === null) return '—';
  const value = formatMetricValue(result.value, isRate);
  if (!result.interval) return value;
  const { low, high } = result.interval;
  return `${value} (${formatMetricValue(low, isRate)} to ${formatMetricValue(high, isRate)})`;
}

/** One metric's results: per case its value with the 95% interval, its change against the control, and the plot. */
export function MetricResultTable({ result }: { result: MetricResult }) {
  const { metric } = result;
  const isRate = metric.kind === 'conversion';
  const rows: ForestRow[] = result.cases.flatMap((entry) =>
    entry.change
      ? [
          {
            label: caseLabel(entry.caseIndex),
            change: entry.change.relative,
            interval: entry.change.interval,
            verdict: verdictOf(entry.change.interval, metric.higherIsBetter),
          },
        ]
      : [],
  );
  const direction = metric.higherIsBetter ? 'higher is better' : 'lower is better';
  return (
    <Box component="section" aria-label={`Metric ${metric.name}`} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {metric.name}{' '}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          ({KIND_LABELS[metric.kind]}, {direction})
        </Typography>
        {metric.guardrail && <Chip size="small" label="Guardrail" sx={{ ml: 1 }} />}
      </Typography>
      {result.status === 'not-enough-data' && (
        <Alert severity="info" sx={{ my: 1 }}>
          Not enough data yet for {metric.name}
          {result.shortfalls.length > 0 ? ` (${shortfallText(result.shortfalls)})` : ''}. The numbers fill in
          as the test runs.
        </Alert>
      )}
      {/* Six columns are wider than a narrow window (200% zoom): the table scrolls in its own box, not the
          page; the box takes the focus, so the keyboard scrolls it too. */}
      <Box
        role="region"
        aria-label={`${metric.name} by case`}
        tabIndex={0}
        sx={{ overflowX: 'auto', ...VISIBLE_SCROLLBARS_SX }}
      >
        <Table size="small" aria-label={`Results of ${metric.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Case</TableCell>
              <TableCell align="right">Value (95% interval)</TableCell>
              <TableCell align="right">Change vs control (95% interval)</TableCell>
              <TableCell align="right">p-value</TableCell>
              <TableCell align="right">Chance to beat control</TableCell>
              <TableCell>Verdict</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.cases.map((entry) => {
              const { change } = entry;
              const verdict = change ? verdictOf(change.interval, metric.higherIsBetter) : null;
              return (
                <TableRow key={entry.caseIndex}>
                  <TableCell component="th" scope="row">
                    {caseLabel(entry.caseIndex)}
                  </TableCell>
                  <TableCell align="right">{valueText(entry, isRate)}</TableCell>
                  <TableCell align="right">
                    {change
                      ? `${formatChange(change.relative)} (${formatChangeInterval(change.interval)})`
                      : '—'}
                  </TableCell>
                  <TableCell align="right">{change ? formatPValue(change.pValue) : '—'}</TableCell>
                  <TableCell align="right">{change ? formatChance(change.chanceToBeat) : '—'}</TableCell>
                  <TableCell>
                    {verdict ? (
                      <Chip
                        size="small"
                        variant="outlined"
                        color={VERDICT_COLOURS[verdict]}
                        label={VERDICT_LABELS[verdict]}
                      />
                    ) : entry.caseIndex === 0 ? (
                      'Control'
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {rows.length > 0 && <ForestPlot metric={metric.name} rows={rows} />}
    </Box>
  );
}
