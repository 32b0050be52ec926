import Box from '@mui/material/Box';
import { slotStyles } from './slotStyles.ts';

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
