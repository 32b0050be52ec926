import { caseLabels, type ScheduleOverview, type SchedulePlugin, type ScheduleRow } from '@console/domain';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { memo, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  configurationEditPath,
  describeSlot,
  formatUtcInstant,
  indexConflicts,
  listDays,
  type SlotConflicts,
  slotPositionOf,
  slotTimeOf,
  utcDateOf,
} from './scheduleTimeline.ts';

// The slot timeline: a table whose first column (plugins and configurations) stays put while the slots
// scroll horizontally. Every slot keeps a readable width whatever the range: the view scrolls, it does
// not squeeze. Thousands of cells: plain elements styled by class from one rule set.

const LABEL_WIDTH = 260;
/** A day is 96 px wide, a slot at least 8 px (24 slots a day: 192 px). */
const slotWidthOf = (slotsPerDay: number) => Math.max(8, 96 / slotsPerDay);

/** The colours of slots, shared by the timeline and its legend. */
const slotStyles = (theme: Theme) => {
  const { primary, secondary, error, text, grey } = theme.palette;
  // now is the Now line's colour; the past greys out
  return {
    '& .slot': { p: 0, height: 24, boxShadow: `inset 1px 0 0 ${theme.palette.divider}` },
    '& .slot.day-start': { boxShadow: `inset 1px 0 0 ${text.disabled}` },
    '& .slot-off.slot-history': { bgcolor: alpha(text.primary, 0.07) },
    '& .slot-off.slot-active': { bgcolor: alpha(secondary.main, 0.18) },
    '& .slot-on.slot-history': { bgcolor: grey[500] },
    '& .slot-on.slot-active': { bgcolor: secondary.main },
    '& .slot-on.slot-future': { bgcolor: primary.main },
    '& .slot-conflict': {
      backgroundImage: `repeating-linear-gradient(135deg, ${error.main} 0 2px, transparent 2px 6px)`,
    },
  };
};

interface ScheduleTimelineProps {
  overview: ScheduleOverview;
}

/** Schedule overview: weekday header, a link per plugin and per configuration, and their slots. */
export function ScheduleTimeline({ overview }: ScheduleTimelineProps) {
  const { slotsPerDay, slotTimestamp, plugins, schedules, conflicts, now } = overview;
  const days = useMemo(() => listDays(overview), [overview]);
  const conflictsOf = useMemo(() => indexConflicts(conflicts), [conflicts]);
  const slotWidth = slotWidthOf(slotsPerDay);
  const width = LABEL_WIDTH + slotTimestamp.length * slotWidth;
  const nowPosition = slotPositionOf(overview);
  const today = utcDateOf(now);

  return (
    <Box
      role="region"
      aria-label="Timeline"
      // scrollable by keyboard too
      tabIndex={0}
      sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box sx={{ position: 'relative', width }}>
        <Box
          component="table"
          aria-label="Schedule timeline"
          sx={(theme) => ({
            width,
            tableLayout: 'fixed',
            borderCollapse: 'separate',
            borderSpacing: 0,
            ...theme.typography.body2,
            '& .label': {
              position: 'sticky',
              left: 0,
              zIndex: 2,
              width: LABEL_WIDTH,
              bgcolor: 'background.paper',
              textAlign: 'left',
              fontWeight: 'normal',
              px: 1,
              py: 0.25,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              boxShadow: `inset -1px 0 0 ${theme.palette.divider}`,
            },
            '& thead th': { height: 40, verticalAlign: 'bottom', pb: 0.5 },
            '& .day': { fontWeight: 'normal', boxShadow: `inset 1px 0 0 ${theme.palette.text.disabled}` },
            '& .day.today': { fontWeight: 'bold' },
            '& .plugin > *': { bgcolor: alpha(theme.palette.text.primary, 0.04), pt: 1 },
            '& .plugin .label': { bgcolor: 'background.paper', fontWeight: 'bold' },
            ...slotStyles(theme),
          })}
        >
          <colgroup>
            <col style={{ width: LABEL_WIDTH }} />
            <col span={slotTimestamp.length} style={{ width: slotWidth }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className="label">
                Configuration
              </th>
              {days.map((day) => (
                <Tooltip key={day.start} title={`${day.date} (UTC)`} describeChild>
                  <th
                    scope="colgroup"
                    colSpan={slotsPerDay}
                    className={day.date === today ? 'day today' : 'day'}
                  >
                    {day.weekday}
                  </th>
                </Tooltip>
              ))}
            </tr>
          </thead>
          {plugins.map((plugin) => (
            <PluginRows
              key={plugin.id}
              overview={overview}
              plugin={plugin}
              rows={schedules[plugin.name] ?? []}
              conflictsOf={conflictsOf}
            />
          ))}
        </Box>
        {nowPosition !== null && <NowLine now={now} left={LABEL_WIDTH + nowPosition * slotWidth} />}
      </Box>
    </Box>
  );
}

interface PluginRowsProps {
  overview: ScheduleOverview;
  plugin: SchedulePlugin;
  rows: readonly ScheduleRow[];
  conflictsOf: ReturnType<typeof indexConflicts>;
}

const PluginRows = memo(function PluginRows({ overview, plugin, rows, conflictsOf }: PluginRowsProps) {
  return (
    <tbody>
      <tr className="plugin">
        <th scope="rowgroup" className="label">
          <Link component={RouterLink} to={`/plugin/${plugin.id}`}>
            {plugin.name}
          </Link>{' '}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 'normal' }}>
            ({plugin.id}){plugin.active ? '' : ' switched off'}
          </Box>
        </th>
        <td colSpan={overview.slotTimestamp.length} />
      </tr>
      {rows.map((row) => (
        <ConfigurationRow
          key={row.configuration}
          overview={overview}
          row={row}
          conflicts={conflictsOf(plugin.name, row)}
        />
      ))}
    </tbody>
  );
});

const SET_WORDS = { active: 'active set', draft: 'draft' } as const;

function ConfigurationRow({
  overview,
  row,
  conflicts,
}: {
  overview: ScheduleOverview;
  row: ScheduleRow;
  conflicts: SlotConflicts;
}) {
  const { slotTimestamp, slotDurationMs, slotsPerDay, now } = overview;
  const path = configurationEditPath(row.kindPluginName, row.configuration);
  const notes = [caseLabels(row.cases), ...row.sets.map((set) => SET_WORDS[set])];
  if (!row.found) notes.push('not found');
  else if (!row.active) notes.push('switched off');
  return (
    <tr>
      <th scope="row" className="label" title={row.description || undefined}>
        {conflicts.size > 0 && (
          <WarningAmberRounded
            color="error"
            // named without a <title>, so the cell's text stays the configuration's
            aria-hidden={false}
            role="img"
            aria-label="Has conflicts"
            sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }}
          />
        )}
        {path === null ? (
          row.configuration
        ) : (
          <Link component={RouterLink} to={path}>
            {row.configuration}
          </Link>
        )}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
          {notes.join(' · ')}
        </Box>
      </th>
      {row.schedule.map((isRunning, slot) => {
        const start = slotTimestamp[slot]!;
        const time = slotTimeOf(start, slotDurationMs, now);
        const slotConflicts = conflicts.get(slot);
        const classes = ['slot', `slot-${time}`, isRunning ? 'slot-on' : 'slot-off'];
        if (slot % slotsPerDay === 0) classes.push('day-start');
        if (slotConflicts) classes.push('slot-conflict');
        return (
          <td
            // slots are positions on the grid, not items
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={slot}
            className={classes.join(' ')}
            title={describeSlot(start, slotDurationMs, time, isRunning, row.configuration, slotConflicts)}
          />
        );
      })}
    </tr>
  );
}

/** The vertical "Now" line across the timeline, at the answer's `now`. */
function NowLine({ now, left }: { now: number; left: number }) {
  return (
    <Box
      role="img"
      aria-label={`Now: ${formatUtcInstant(now)}`}
      title={`Now: ${formatUtcInstant(now)}`}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left,
        width: 2,
        ml: '-1px',
        zIndex: 1,
        bgcolor: 'secondary.main',
        pointerEvents: 'none',
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: 2,
          left: 3,
          px: 0.5,
          borderRadius: 0.5,
          fontSize: '0.7rem',
          lineHeight: 1.4,
          color: 'secondary.contrastText',
          bgcolor: 'secondary.main',
        }}
      >
        Now
      </Box>
    </Box>
  );
}

/** The meaning of the slot colours. */
export function ScheduleLegend() {
  const items = [
    ['slot-on slot-history', 'Active, history'],
    ['slot-on slot-active', 'Active, now'],
    ['slot-on slot-future', 'Active, future'],
    ['slot-off slot-history', 'Inactive, history'],
    ['slot-off slot-active', 'Inactive, now'],
    ['slot-off slot-future', 'Inactive, future'],
    ['slot-off slot-future slot-conflict', 'Conflict'],
  ] as const;
  return (
    <Box
      component="ul"
      aria-label="Legend"
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 1,
        ...theme.typography.body2,
        '& .swatch': { display: 'inline-block', width: 14, height: 14, mr: 0.75, verticalAlign: 'middle' },
        '& .swatch.slot-off': { border: 1, borderColor: 'divider' },
        ...slotStyles(theme),
      })}
    >
      {items.map(([classes, label]) => (
        <li key={label}>
          <span className={`swatch ${classes}`} aria-hidden />
          {label}
        </li>
      ))}
    </Box>
  );
}
