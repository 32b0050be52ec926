import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimeField } from '@mui/x-date-pickers/DateTimeField';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { lazy, Suspense, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { CalendarMonthIcon } from '../icons.tsx';
import { HINT_SX } from './fieldError.ts';

// Date and time fields use the MUI X date-time pickers (design card), in UTC with the operator's
// offset shown, loaded only where needed. Screens load this module (the typed field, dayjs and the
// adapter) lazily; the calendar (DateTimeCalendarPopover) is another chunk, loaded when the operator
// opens it (docs/decisions/0198).
dayjs.extend(utc);

const DateTimeCalendarPopover = lazy(async () => ({
  default: (await import('./DateTimeCalendarPopover.tsx')).DateTimeCalendarPopover,
}));

const pad = (value: number) => String(value).padStart(2, '0');

/** The operator's offset from UTC at an instant, as UTC+02:00 / UTC-05:30. */
export function formatUtcOffset(at: number): string {
  const minutes = -new Date(at).getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** What the operator's clock shows at an instant: 2024-03-10 12:00 (UTC+02:00). */
export function formatOperatorTime(at: number): string {
  const date = new Date(at);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())} (${formatUtcOffset(at)})`
  );
}

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
/** For an instant to the second (when a change request is applied). */
export const DATE_TIME_SECONDS_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface DateTimeFormFieldProps {
  /** The form field: the activation's start or end, or another instant (the preview's time). */
  name: string;
  /** What an empty field (0) means, e.g. "always active". */
  emptyMeaning: string;
  /** Without the " (UTC)". */
  label: string;
  /** Typed to the second, not only to the minute. */
  withSeconds?: boolean;
}

/** An instant of the surrounding form (an activation's start or end, the preview's time): UTC milliseconds, 0 when empty. */
export function DateTimeFormField({
  name,
  emptyMeaning,
  label: fieldLabel,
  withSeconds = false,
}: DateTimeFormFieldProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const [calendarAnchor, setCalendarAnchor] = useState<HTMLElement | null>(null);
  const ms = typeof field.value === 'number' && Number.isFinite(field.value) ? field.value : 0;
  const label = `${fieldLabel} (UTC)`;
  const hint =
    ms === 0
      ? `UTC; empty means ${emptyMeaning}. Your offset: ${formatUtcOffset(Date.now())}`
      : `UTC. Your time: ${formatOperatorTime(ms)}`;
  const value = ms === 0 ? null : dayjs.utc(ms);

  const change = (next: Dayjs | null) => {
    if (next === null) field.onChange(0);
    else field.onChange(next.isValid() ? next.valueOf() : Number.NaN);
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        <DateTimeField
          label={label}
          timezone="UTC"
          ampm={false}
          format={withSeconds ? DATE_TIME_SECONDS_FORMAT : DATE_TIME_FORMAT}
          value={value}
          onChange={change}
          clearable
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          slotProps={{ textField: { slotProps: { formHelperText: { sx: HINT_SX } } } }}
          sx={{ minWidth: 240 }}
        />
        <IconButton
          aria-label={`Choose ${label} in a calendar`}
          title="Calendar"
          onClick={(event) => setCalendarAnchor(event.currentTarget)}
          sx={{ mt: 1 }}
        >
          <CalendarMonthIcon />
        </IconButton>
        {calendarAnchor && (
          <Suspense fallback={null}>
            <DateTimeCalendarPopover
              anchor={calendarAnchor}
              label={label}
              value={value}
              onAccept={change}
              onClose={() => setCalendarAnchor(null)}
            />
          </Suspense>
        )}
      </Box>
    </LocalizationProvider>
  );
}
