import { ACTIVATION_LABELS } from '@console/domain';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useController, useFormContext } from 'react-hook-form';
import { HINT_SX } from '../../components/form/hint.ts';

// spec: date and time fields use the MUI X date-time pickers (design card), in UTC with the operator's
// offset shown. This module is its own lazy chunk (with dayjs and the pickers), loaded by the activation
// section only (docs/decisions.md, Configuration screens).
dayjs.extend(utc);

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

interface ActivationDateTimeFieldProps {
  name: 'activation.start' | 'activation.end';
  /** What an empty field (0) means, e.g. "always active". */
  emptyMeaning: string;
}

/** Start or end of the activation: UTC milliseconds, 0 when empty. */
export function ActivationDateTimeField({ name, emptyMeaning }: ActivationDateTimeFieldProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const ms = typeof field.value === 'number' && Number.isFinite(field.value) ? field.value : 0;
  const label = name === 'activation.start' ? ACTIVATION_LABELS.start : ACTIVATION_LABELS.end;
  const hint =
    ms === 0
      ? `UTC; empty means ${emptyMeaning}. Your offset: ${formatUtcOffset(Date.now())}`
      : `UTC. Your time: ${formatOperatorTime(ms)}`;

  const change = (value: Dayjs | null) => {
    if (value === null) field.onChange(0);
    else field.onChange(value.isValid() ? value.valueOf() : Number.NaN);
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DateTimePicker
        label={`${label} (UTC)`}
        timezone="UTC"
        ampm={false}
        format="YYYY-MM-DD HH:mm"
        value={ms === 0 ? null : dayjs.utc(ms)}
        onChange={change}
        inputRef={field.ref}
        slotProps={{
          textField: {
            name: field.name,
            onBlur: field.onBlur,
            error: fieldState.error !== undefined,
            helperText: fieldState.error?.message ?? hint,
            slotProps: { formHelperText: { sx: HINT_SX } },
          },
          actionBar: { actions: ['clear', 'cancel', 'accept'] },
        }}
      />
    </LocalizationProvider>
  );
}
