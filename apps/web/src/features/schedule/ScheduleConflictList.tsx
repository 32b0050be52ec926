import type { ScheduleConflict } from '@console/domain/schedule';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { CONFLICT_KIND_LABELS, fixPathOf } from './scheduleTimeline.ts';

const fixLabelOf = ({ fix, pluginName }: ScheduleConflict) =>
  fix.target === 'configuration' ? `Edit ${fix.configuration}` : `Open the draft of ${pluginName}`;

/** The conflicts found in the range, above the timeline, each with a link to what fixes it. */
export function ScheduleConflictList({ conflicts }: { conflicts: readonly ScheduleConflict[] }) {
  if (conflicts.length === 0) return null;
  const count = `${conflicts.length} ${conflicts.length === 1 ? 'conflict' : 'conflicts'}`;
  return (
    <Alert severity="warning" role="region" aria-label="Conflicts" sx={{ mb: 2 }}>
      <AlertTitle>{count} in this range</AlertTitle>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {conflicts.map((conflict, index) => (
          // conflicts carry no id; the answer's order is stable for one query
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Box component="li" key={index} sx={{ mb: 0.5 }}>
            <strong>{CONFLICT_KIND_LABELS[conflict.kind]}:</strong> {conflict.message}.{' '}
            {/* the warning's own text colour: the theme's link blue on the warning's background is below 4.5:1 */}
            <Link component={RouterLink} to={fixPathOf(conflict)} color="inherit" underline="always">
              {fixLabelOf(conflict)}
            </Link>
          </Box>
        ))}
      </Box>
    </Alert>
  );
}
