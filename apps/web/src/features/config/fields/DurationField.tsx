import { formatDuration, parseDuration } from '@console/domain';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';

// TEMPORARY STUB (cfgpages): cfgeditors owns this file; their version replaces it on merge.
export function DurationField({ name, label, max }: { name: string; label: string; max?: number }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const [text, setText] = useState(() =>
    typeof field.value === 'number' && Number.isSafeInteger(field.value) ? formatDuration(field.value) : '',
  );
  const parsed = parseDuration(text, { label, ...(max === undefined ? {} : { max }) });
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const result = parseDuration(event.target.value, { label, ...(max === undefined ? {} : { max }) });
        field.onChange(result.ok ? result.seconds : Number.NaN);
      }}
      onBlur={field.onBlur}
      error={!parsed.ok || fieldState.error !== undefined}
      helperText={parsed.ok ? fieldState.error?.message : parsed.error}
    />
  );
}
