import {
  ACTIVATION_LABELS,
  ACTIVATION_TYPES,
  findActivationType,
  MAX_ACTIVATION_DURATION_SECONDS,
  maxScheduleOffsetOf,
} from '@console/domain/config';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DurationFormField } from '../../components/form/DurationFormField.tsx';
import { NumberFormField } from '../../components/form/NumberFormField.tsx';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { PlainTextField } from '../../components/form/PlainTextField.tsx';
import { WeeklyScheduleField } from './WeeklyScheduleField.tsx';

// The pickers (MUI X + dayjs) are a chunk of their own, so the edit screen's chunk stays small.
const DateTimeFormField = lazy(async () => ({
  default: (await import('../../components/form/DateTimeFormField.tsx')).DateTimeFormField,
}));

const L = ACTIVATION_LABELS;

function DateTimePlaceholder({ label }: { label: string }) {
  return <PlainTextField label={`${label} (UTC)`} disabled value="" helperText="Loading..." />;
}

/** "activation properties": type, start, end, cooldown, max event duration, min level, grid, offset. */
export function ActivationSection() {
  const form = useFormContext();
  const type = useWatch({ control: form.control, name: 'activation.type' }) as number;
  const cadence = findActivationType(type)?.cadence;
  const hasGrid = cadence === 'fortnight';
  const hasOffset = cadence === 'fortnight' || cadence === 'periodic';

  return (
    <Stack component="section" spacing={2} aria-label="Activation" sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h6" component="h2">
        Activation
      </Typography>
      <Controller
        name="activation.type"
        control={form.control}
        render={({ field, fieldState }) => (
          <PlainSelectField
            label={L.type}
            value={field.value}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
            sx={{ minWidth: 320 }}
          >
            {ACTIVATION_TYPES.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
          </PlainSelectField>
        )}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Suspense fallback={<DateTimePlaceholder label={L.start} />}>
          <DateTimeFormField name="activation.start" label={L.start} emptyMeaning="no start" />
        </Suspense>
        <Suspense fallback={<DateTimePlaceholder label={L.end} />}>
          <DateTimeFormField name="activation.end" label={L.end} emptyMeaning="always active" />
        </Suspense>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <DurationFormField
          name="activation.cooldown"
          label={L.cooldown}
          max={MAX_ACTIVATION_DURATION_SECONDS}
        />
        <DurationFormField
          name="activation.maxEventDuration"
          label={L.maxEventDuration}
          max={MAX_ACTIVATION_DURATION_SECONDS}
          // an offer's deactivation duration (the cooldown) must be at most this one
          deps={['activation.cooldown']}
        />
        <NumberFormField name="activation.minLevel" label={L.minLevel} />
      </Stack>
      {hasGrid && <WeeklyScheduleField />}
      {hasOffset && (
        <DurationFormField
          key={type}
          name="activation.scheduleOffset"
          label={L.scheduleOffset}
          max={maxScheduleOffsetOf(type)}
        />
      )}
    </Stack>
  );
}
