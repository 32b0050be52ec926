import {
  ACTIVATION_LABELS,
  FORTNIGHT_DAYS,
  SLOT_NAMES,
  SLOTS_PER_DAY,
  WEEKLY_SLOT_COUNT,
} from '@console/domain/config';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { CheckField } from '../../components/form/CheckField.tsx';

// 56 slots, 4 a day (night 00:00, morning 06:00, afternoon 12:00, evening 18:00 UTC) by 14 days;
// selecting all 56 is refused. Slot = day × 4 + part, day 0 the Monday starting the fortnight (docs/decisions/0212).

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const SLOT_TIMES = ['00:00', '06:00', '12:00', '18:00'] as const;
const DAYS = Array.from({ length: FORTNIGHT_DAYS }, (_, day) => ({
  day,
  week: Math.floor(day / 7) + 1,
  weekday: WEEKDAYS[day % 7] as string,
}));

export const ALL_SLOTS_REFUSED = `The ${ACTIVATION_LABELS.weeklyOffer} cannot select all ${WEEKLY_SLOT_COUNT} slots`;

export const slotLabel = (day: number, part: number) =>
  `Week ${Math.floor(day / 7) + 1} ${WEEKDAYS[day % 7]} ${SLOT_NAMES[part]} (${SLOT_TIMES[part]} UTC)`;

/** The fortnight grid of activation.weeklyOffer. */
export function WeeklyScheduleField() {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'activation.weeklyOffer', control });
  const [isRefused, setRefused] = useState(false);
  const slots: boolean[] = Array.isArray(field.value)
    ? Array.from({ length: WEEKLY_SLOT_COUNT }, (_, slot) => field.value[slot] === true)
    : Array(WEEKLY_SLOT_COUNT).fill(false);

  const toggle = (slot: number, isSelected: boolean) => {
    const next = slots.map((selected, index) => (index === slot ? isSelected : selected));
    if (next.every(Boolean)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    field.onChange(next);
  };
  const message = isRefused ? ALL_SLOTS_REFUSED : fieldState.error?.message;

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, maxWidth: '100%' }}>
      <Typography component="legend" variant="subtitle2">
        {ACTIVATION_LABELS.weeklyOffer} (UTC)
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" padding="none" aria-label={ACTIVATION_LABELS.weeklyOffer}>
          <TableHead>
            <TableRow>
              <TableCell>Slot</TableCell>
              {DAYS.map(({ day, week, weekday }) => (
                <TableCell key={day} align="center" title={`Week ${week}`}>
                  {weekday}
                  {day % 7 === 0 ? ` ${week}` : ''}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {SLOT_NAMES.map((name, part) => (
              <TableRow key={name}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', pr: 1 }}>
                  {name} {SLOT_TIMES[part]}
                </TableCell>
                {DAYS.map(({ day }) => {
                  const slot = day * SLOTS_PER_DAY + part;
                  return (
                    <TableCell key={day} align="center">
                      <CheckField
                        size="small"
                        checked={slots[slot] === true}
                        onChange={(checked) => toggle(slot, checked)}
                        onBlur={field.onBlur}
                        ariaLabel={slotLabel(day, part)}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
