import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type FieldValues, FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import { schemaAt } from './fieldSchema.ts';
import type { SchemaForm } from './useSchemaForm.ts';

/** What the kit's fields need of their form besides react-hook-form's own context. */
interface FormKit {
  readonly schema: z.ZodType | undefined;
  /** Dense forms (the configuration editors) use small fields. */
  readonly size: 'small' | 'medium';
}

const FormKitContext = createContext<FormKit>({ schema: undefined, size: 'medium' });

interface FormScopeProps<TInput extends FieldValues, TOutput> {
  form: SchemaForm<TInput, TOutput>;
  size?: 'small' | 'medium';
  children: ReactNode;
}

/** Makes a form's fields, wherever they sit below, part of the form: its values, errors and schema. */
export function FormScope<TInput extends FieldValues, TOutput>({
  form,
  size = 'medium',
  children,
}: FormScopeProps<TInput, TOutput>) {
  const kit = useMemo(() => ({ schema: form.schema, size }), [form.schema, size]);
  return (
    <FormProvider {...form}>
      <FormKitContext value={kit}>{children}</FormKitContext>
    </FormProvider>
  );
}

/** The schema of a field of the surrounding form, by its name; undefined when the schema does not say. */
export function useFieldSchema(name: string): z.ZodType | undefined {
  return schemaAt(useContext(FormKitContext).schema, name);
}

/** The size of the surrounding form's fields. */
export const useFieldSize = () => useContext(FormKitContext).size;
