import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { HINT_SX } from './fieldError.ts';

export type ControlledTextFormFieldProps = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'form' | 'select'
> & {
  name: string;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  maxLength?: number;
  /** Cleans the text as it is typed (an ID: a space becomes -). */
  sanitize?(text: string): string;
  /** An error the schema cannot know (the ID exists already), shown before the schema's own. */
  problem?: string;
  /** Beside the text, inside the field (a button that suggests a value). */
  endAdornment?: ReactNode;
};

/**
 * A text field of the surrounding form whose value the form holds: a value the form sets later (a
 * suggestion, values loaded anew) shows at once, and what is typed can be cleaned as it is typed.
 * A plain text field of a form is a TextFormField.
 */
export function ControlledTextFormField({
  name,
  hint,
  maxLength,
  sanitize,
  problem,
  endAdornment,
  slotProps,
  ...props
}: ControlledTextFormFieldProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name });
  const message = problem ?? fieldState.error?.message;
  return (
    <TextField
      autoComplete="off"
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(sanitize ? sanitize(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      error={problem !== undefined || fieldState.error !== undefined}
      helperText={message ?? hint}
      slotProps={{
        formHelperText: { sx: HINT_SX },
        ...slotProps,
        ...(endAdornment === undefined ? {} : { input: { endAdornment } }),
        htmlInput: { maxLength, spellCheck: false, ...slotProps?.htmlInput },
      }}
    />
  );
}
