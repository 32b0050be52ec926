import type { Interval } from '@console/domain/experiment';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { formatChange, formatChangeInterval } from './results.format.ts';
import type { Verdict } from './verdict.ts';

export interface ForestRow {
  /** "Case 2" */
  label: string;
  /** Relative change against the control, as a fraction (0.031 = +3.1%). */
  change: number;
  interval: Interval;
  verdict: Verdict;
}

const VERDICT_WORDS: Record<Verdict, string> = {
  better: 'better than the control',
  worse: 'worse than the control',
  unclear: 'not clearly different from the control',
};

/** The plot's own text alternative: every point it draws, as a sentence a screen reader can read out. */
export function describeForest(metric: string, rows: readonly ForestRow[]): string {
  const points = rows.map(
    (row) =>
      `${row.label} ${formatChange(row.change)} (95% interval ${formatChangeInterval(row.interval)}), ` +
      VERDICT_WORDS[row.verdict],
  );
  return `Change of ${metric} against Case 1 (control): ${points.join('; ')}.`;
}

const WIDTH = 640;
const LABEL_WIDTH = 96;
const RIGHT_PAD = 16;
const ROW_HEIGHT = 28;
const AXIS_HEIGHT = 28;
const TOP_PAD = 8;

/** Round tick steps (1, 2 or 5 times a power of ten) giving about five ticks over the span. */
function tickStep(span: number): number {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factor = raw / power;
  return (factor < 1.5 ? 1 : factor < 3.5 ? 2 : factor < 7.5 ? 5 : 10) * power;
}

/** The plotted range: every interval and zero (no change), with a little room on both sides. */
function domainOf(rows: readonly ForestRow[]): [number, number] {
  const lows = rows.map((row) => row.interval.low).filter(Number.isFinite);
  const highs = rows.map((row) => row.interval.high).filter(Number.isFinite);
  const low = Math.min(0, ...lows);
  const high = Math.max(0, ...highs);
  const span = high - low || 0.02;
  return [low - span * 0.08, high + span * 0.08];
}

/**
 * A forest plot: per case, its relative change against the control as a dot and its 95% interval as a bar,
 * around the line of no change. An SVG of our own (docs/decisions/0142) with its text
 * alternative: the image's accessible name says every point, and the colour is never the only cue (the
 * results table beside it names the verdict in words).
 */
export function ForestPlot({ metric, rows }: { metric: string; rows: readonly ForestRow[] }) {
  const theme = useTheme();
  const titleId = useId();
  const [low, high] = domainOf(rows);
  const plotWidth = WIDTH - LABEL_WIDTH - RIGHT_PAD;
  const x = (value: number) => LABEL_WIDTH + ((value - low) / (high - low)) * plotWidth;
  const height = TOP_PAD + rows.length * ROW_HEIGHT + AXIS_HEIGHT;
  const axisY = TOP_PAD + rows.length * ROW_HEIGHT;
  const step = tickStep(high - low);
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high; tick += step) {
    ticks.push(Math.abs(tick) < step / 1e6 ? 0 : tick);
  }
  const colours: Record<Verdict, string> = {
    better: theme.palette.success.main,
    worse: theme.palette.error.main,
    unclear: theme.palette.text.secondary,
  };
  const clamp = (value: number) => Math.min(high, Math.max(low, value));

  return (
    <Box sx={{ maxWidth: WIDTH, my: 1 }}>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ display: 'block', fontFamily: theme.typography.fontFamily, fontSize: 12 }}
      >
        <title id={titleId}>{describeForest(metric, rows)}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={x(tick)}
              x2={x(tick)}
              y1={TOP_PAD}
              y2={axisY}
              stroke={theme.palette.divider}
              strokeDasharray={tick === 0 ? undefined : '2 3'}
            />
            <text x={x(tick)} y={axisY + 16} textAnchor="middle" fill={theme.palette.text.secondary}>
              {formatChange(tick)}
            </text>
          </g>
        ))}
        {/* no change */}
        <line x1={x(0)} x2={x(0)} y1={TOP_PAD} y2={axisY} stroke={theme.palette.text.primary} />
        {rows.map((row, index) => {
          const y = TOP_PAD + index * ROW_HEIGHT + ROW_HEIGHT / 2;
          const colour = colours[row.verdict];
          return (
            <g key={row.label} data-verdict={row.verdict}>
              <text x={0} y={y + 4} fill={theme.palette.text.primary}>
                {row.label}
              </text>
              <line
                x1={x(clamp(row.interval.low))}
                x2={x(clamp(row.interval.high))}
                y1={y}
                y2={y}
                stroke={colour}
                strokeWidth={3}
                strokeLinecap="round"
              />
              <circle cx={x(clamp(row.change))} cy={y} r={5} fill={colour} />
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
