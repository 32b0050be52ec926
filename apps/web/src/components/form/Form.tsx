import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { FormScope } from './FormScope.tsx';
import type { SchemaForm } from './useSchemaForm.ts';

interface FormProps<TInput extends FieldValues, TOutput> {
  form: SchemaForm<TInput, TOutput>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: SubmitHandler<TOutput>;
  children: ReactNode;
  maxWidth?: number;
  direction?: 'row' | 'column';
}

/**
 * A form of the kit's fields stacked with the console's spacing; the browser's own validation is off
 * (the schema decides).
 */
export function Form<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  children,
  maxWidth = 480,
  direction = 'column',
}: FormProps<TInput, TOutput>) {
  return (
    <FormScope form={form}>
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
    </FormScope>
  );
}
