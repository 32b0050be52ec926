import { type ConfigKindId, configKindOf } from '@console/domain/config';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { listErrorMessage } from '../../../../components/form/fieldError.ts';
import { dataFieldSchema, minEntriesOf, newEntryOf } from '../../dataFieldSchema.ts';

/**
 * The repeated part of a kind (tiers, rotation, products) as a field array whose length is bounded
 * by the kind's maximum and by the schema's minimum; new entries take the schema's
 * defaults.
 */
export function useBoundedList(kind: ConfigKindId) {
  const tabs = configKindOf(kind).tabs;
  if (!tabs) throw new Error(`Configuration kind ${kind} has no repeated entries`);
  const name = `data.${tabs.field}`;
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name });
  const schema = dataFieldSchema(kind, name);
  const min = minEntriesOf(schema);
  return {
    name,
    label: tabs.label,
    max: tabs.max,
    fields,
    canAdd: fields.length < tabs.max,
    canRemove: fields.length > min,
    /** Adds an entry at its defaults; nothing past the maximum. */
    add: () => {
      if (fields.length < tabs.max) append(newEntryOf(schema));
    },
    remove: (index: number) => {
      if (fields.length > min) remove(index);
    },
    /** The list's own message (its length), not its entries'. */
    error: listErrorMessage(errorsAt(errors, name)),
    /** Whether an entry has an error, to mark its tab. */
    hasError: (index: number) => errorsAt(errors, `${name}.${index}`) !== undefined,
  };
}

function errorsAt(errors: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined,
      errors,
    );
}
