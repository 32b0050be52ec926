import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { type FieldLabelMap, withFieldLabels } from './fieldLabels.ts';

/**
 * A react-hook-form form whose rules are a domain schema: what the form refuses, the server refuses.
 * It carries the schema, so the kit's fields read their bounds from it.
 */
export type SchemaForm<TInput extends FieldValues, TOutput> = UseFormReturn<TInput, unknown, TOutput> & {
  readonly schema: z.ZodType;
};

type SchemaFormOptions<S extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
> & {
  /** The fields' labels (the domain's `*_LABELS`): messages name a field by its label, not its wire name. */
  labels?: FieldLabelMap;
};

/** `useForm` with the domain schema as the resolver: a rule is written once, in packages/domain. */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  { labels = {}, ...options }: SchemaFormOptions<S> = {},
): SchemaForm<z.input<S>, z.output<S>> {
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = withFieldLabels(zodResolver(schema), labels);
  // Every field of the kit is judged the same way: when it is left, then on every change, and
  // all of them (cross-field rules included) on save.
  const form = useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
  // useForm answers the same object on every render: the schema rides along without a new identity.
  return Object.assign(form, { schema });
}
