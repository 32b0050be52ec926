import { caseLabels, type ScheduleOverview, type SchedulePlugin, type ScheduleRow } from '@console/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { memo, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { WarningAmberIcon } from '../../components/icons.tsx';
import { VISIBLE_SCROLLBARS_SX } from '../../components/scrollbars.ts';
import {
  activeSlotRangeOf,
  activeSlotsOutsideView,
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
import { slotStyles } from './slotStyles.ts';
import { TimelineOutsideViewHint } from './TimelineOutsideViewHint.tsx';
import { useTimelineView } from './useTimelineView.ts';

// The slot timeline: a table whose first column (plugins and configurations) stays put while the slots
// scroll horizontally. Every slot keeps a readable width whatever the range: the view scrolls, it does
// not squeeze. Thousands of cells: plain elements styled by class from one rule set.

const LABEL_WIDTH = 260;
/** A day is 96 px wide, a slot at least 8 px (24 slots a day: 192 px). */
const slotWidthOf = (slotsPerDay: number) => Math.max(8, 96 / slotsPerDay);

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
  const activeRange = useMemo(() => activeSlotRangeOf(overview), [overview]);
  const timelineView = useTimelineView(LABEL_WIDTH);
  const outside = timelineView.view
    ? activeSlotsOutsideView(activeRange, timelineView.view, slotWidth)
    : { before: null, after: null };
  const startOf = (slot: number | null) => (slot === null ? null : slotTimestamp[slot]!);

  return (
    <>
      <TimelineOutsideViewHint
        before={startOf(outside.before)}
        after={startOf(outside.after)}
        slotDurationMs={overview.slotDurationMs}
        onScroll={timelineView.scrollByView}
      />
      <Box
        ref={timelineView.ref}
        onScroll={timelineView.measure}
        role="region"
        aria-label="Timeline"
        // scrollable by keyboard too
        tabIndex={0}
        // At most the window below the navigation bar: the sideways scrollbar is on screen with the timeline.
        sx={{
          overflow: 'auto',
          maxHeight: 'calc(100vh - 96px)',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          ...VISIBLE_SCROLLBARS_SX,
        }}
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
                zIndex: 4,
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
              // the days stay on top while the rows scroll
              '& thead th': {
                height: 40,
                verticalAlign: 'bottom',
                pb: 0.5,
                position: 'sticky',
                top: 0,
                zIndex: 2,
                bgcolor: 'background.paper',
              },
              '& thead th.label': { zIndex: 5 },
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
    </>
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
          <WarningAmberIcon
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
        zIndex: 3,
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
