import { caseLabels } from '@console/domain/abtest';
import type { ScheduleOverview, SchedulePlugin, ScheduleRow } from '@console/domain/schedule';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { WarningAmberIcon } from '../../components/icons.tsx';
import {
  configurationEditPath,
  describeSlot,
  type indexConflicts,
  type SlotConflicts,
  slotTimeOf,
} from './scheduleTimeline.ts';

interface PluginRowsProps {
  overview: ScheduleOverview;
  plugin: SchedulePlugin;
  rows: readonly ScheduleRow[];
  conflictsOf: ReturnType<typeof indexConflicts>;
}

/** A plugin's heading row and a row of slots per configuration of it. */
export const ScheduleTimelineRows = memo(function ScheduleTimelineRows({
  overview,
  plugin,
  rows,
  conflictsOf,
}: PluginRowsProps) {
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
