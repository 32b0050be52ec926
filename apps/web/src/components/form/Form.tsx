import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';

interface FormProps<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: SubmitHandler<TOutput>;
  children: ReactNode;
  maxWidth?: number;
  direction?: 'row' | 'column';
}

/** A form of fields stacked with the console's spacing; the browser's own validation is off (the schema decides). */
export function Form<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  children,
  maxWidth = 480,
  direction = 'column',
}: FormProps<TInput, TOutput>) {
  return (
    <Stack
      component="form"
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      direction={direction}
      spacing={2}
      sx={{ maxWidth }}
    >
      {children}
    </Stack>
  );
}
