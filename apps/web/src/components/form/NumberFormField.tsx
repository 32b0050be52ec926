import { MAX_STORED_INTEGER } from '@console/domain/operations';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useFieldSchema, useFieldSize } from './FormScope.tsx';
import { HINT_SX, useFieldError } from './fieldError.ts';
import { numberBoundsOf } from './fieldSchema.ts';

export type NumberFormFieldProps = Omit<
  TextFieldProps,
  'name' | 'type' | 'error' | 'helperText' | 'form' | 'label'
> & {
  /** The form field; its schema in the form's schema gives the bounds. */
  name: string;
  label: string;
  /** An empty field is left out (a tier's own matchmaking), rather than "must be a number". */
  isOptional?: boolean;
  /** Shown under the field while it has no error; by default the schema's range. */
  hint?: ReactNode;
};

/** The bounds as a hint: "1-100", or "At least 1" when the only upper bound is what storage holds. */
function rangeHint(min: number | undefined, max: number | undefined): string | undefined {
  if (min === undefined) return undefined;
  return max === undefined || max >= MAX_STORED_INTEGER ? `At least ${min}` : `${min}-${max}`;
}

/**
 * A number of the surrounding form. The bounds shown to the browser come from the form's domain schema;
 * the schema alone decides what is valid, and its message (naming the field's label) is shown. An empty
 * or unreadable entry gives NaN, which the schema answers with "<label> must be a number".
 */
export function NumberFormField({
  name,
  label,
  isOptional = false,
  hint,
  slotProps,
  ...props
}: NumberFormFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const { min, max, isInteger } = numberBoundsOf(useFieldSchema(name));
  const range = rangeHint(min, max);
  return (
    <TextField
      size={useFieldSize()}
      {...props}
      {...register(name, {
        setValueAs: (text: unknown) =>
          text === '' || text === undefined ? (isOptional ? undefined : Number.NaN) : Number(text),
      })}
      label={label}
      type="number"
      error={error !== undefined}
      helperText={error?.message ?? hint ?? range}
      slotProps={{
        ...slotProps,
        formHelperText: { sx: HINT_SX },
        htmlInput: { min, max, step: isInteger ? 1 : 'any', inputMode: isInteger ? 'numeric' : 'decimal' },
      }}
    />
  );
}
