import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useFieldSize } from './FormScope.tsx';
import { HINT_SX, useFieldError } from './fieldError.ts';

export type TextFormFieldProps = Omit<TextFieldProps, 'name' | 'error' | 'helperText' | 'form'> & {
  /** The form field (nested names too: `context.ClientVersion`). */
  name: string;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  maxLength?: number;
};

/** A text field of the surrounding form: registered by name, showing its error (or its hint) under it. */
export function TextFormField({ name, hint, maxLength, slotProps, ...props }: TextFormFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <TextField
      autoComplete="off"
      size={useFieldSize()}
      {...props}
      {...register(name)}
      error={error !== undefined}
      helperText={error?.message ?? hint}
      slotProps={{
        formHelperText: { sx: HINT_SX },
        ...slotProps,
        htmlInput: { maxLength, spellCheck: false, ...slotProps?.htmlInput },
      }}
    />
  );
}
