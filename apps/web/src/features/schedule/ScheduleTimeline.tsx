import type { ScheduleOverview } from '@console/domain/schedule';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useMemo } from 'react';
import { VISIBLE_SCROLLBARS_SX } from '../../components/scrollbars.ts';
import { ScheduleTimelineRows } from './ScheduleTimelineRows.tsx';
import {
  activeSlotRangeOf,
  activeSlotsOutsideView,
  indexConflicts,
  listDays,
  slotPositionOf,
  utcDateOf,
} from './scheduleTimeline.ts';
import { TimelineNowLine } from './TimelineNowLine.tsx';
import { TimelineOutsideViewHint } from './TimelineOutsideViewHint.tsx';
import { LABEL_WIDTH, timelineTableSx } from './timelineTableSx.ts';
import { useTimelineView } from './useTimelineView.ts';

// The slot timeline: a table whose first column (plugins and configurations) stays put while the slots
// scroll horizontally. Every slot keeps a readable width whatever the range: the view scrolls, it does
// not squeeze. Thousands of cells: plain elements styled by class from one rule set.

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
          <Box component="table" aria-label="Schedule timeline" sx={(theme) => timelineTableSx(theme, width)}>
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
              <ScheduleTimelineRows
                key={plugin.id}
                overview={overview}
                plugin={plugin}
                rows={schedules[plugin.name] ?? []}
                conflictsOf={conflictsOf}
              />
            ))}
          </Box>
          {nowPosition !== null && <TimelineNowLine now={now} left={LABEL_WIDTH + nowPosition * slotWidth} />}
        </Box>
      </Box>
    </>
  );
}
