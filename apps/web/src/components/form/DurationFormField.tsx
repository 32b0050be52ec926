import { DURATION_UNITS_HINT, formatDuration, parseDuration } from '@console/domain/config';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useFieldSize } from './FormScope.tsx';
import { HINT_SX } from './fieldError.ts';

export interface DurationFormFieldProps {
  /** The form field holding whole seconds. */
  name: string;
  label: string;
  /** The most seconds the field takes: a longer text is capped to it. */
  max?: number;
  /** Fields whose cross-field rule reads this one: judged again when this one is. */
  deps?: readonly string[];
}

const textOf = (seconds: unknown): string =>
  typeof seconds === 'number' && Number.isSafeInteger(seconds) && seconds >= 0 ? formatDuration(seconds) : '';

const secondsText = (seconds: number) => `${seconds.toLocaleString('en-US')} seconds`;

/**
 * A duration typed as `90m`, `2 hours` or `1d`, stored in the form as seconds. Text the
 * grammar refuses is marked with the grammar's message and stored as NaN, so the form's schema
 * refuses to submit it; leaving the field shows the stored seconds in their shortest form.
 */
export function DurationFormField({ name, label, max, deps }: DurationFormFieldProps) {
  const { control } = useFormContext();
  const size = useFieldSize();
  const { field, fieldState } = useController({ control, name, rules: deps ? { deps: [...deps] } : {} });
  // The text typed and the seconds it gave. A form value other than those came from outside
  // (a reset, a loaded configuration) and replaces the text.
  const [typed, setTyped] = useState(() => ({ text: textOf(field.value), seconds: field.value as unknown }));
  if (!Object.is(typed.seconds, field.value)) {
    setTyped({ text: textOf(field.value), seconds: field.value });
  }

  const parsed = parseDuration(typed.text, { label, max });
  const isUnset = typed.text === '' && field.value === undefined;
  const typingError = parsed.ok || isUnset ? undefined : parsed.error;
  const error = typingError ?? fieldState.error?.message;
  const hint = parsed.ok
    ? `${secondsText(parsed.seconds)}${parsed.capped ? ` (at most ${formatDuration(parsed.seconds)})` : ''}`
    : undefined;

  const change = (text: string) => {
    const result = parseDuration(text, { label, max });
    const seconds = result.ok ? result.seconds : Number.NaN;
    setTyped({ text, seconds });
    field.onChange(seconds);
  };

  return (
    <TextField
      label={label}
      name={field.name}
      inputRef={field.ref}
      size={size}
      value={typed.text}
      placeholder="90m, 2 hours, 1d"
      onChange={(event) => change(event.target.value)}
      onBlur={() => {
        if (parsed.ok) setTyped({ text: formatDuration(parsed.seconds), seconds: parsed.seconds });
        field.onBlur();
      }}
      error={error !== undefined}
      helperText={error ?? hint ?? `A number followed by ${DURATION_UNITS_HINT}`}
      slotProps={{ formHelperText: { sx: HINT_SX }, htmlInput: { spellCheck: false, autoComplete: 'off' } }}
    />
  );
}
