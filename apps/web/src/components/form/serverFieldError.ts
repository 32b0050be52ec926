import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { type FieldLabelMap, labelMessage } from './fieldLabels.ts';

/**
 * The field a server's 400 names, with its message: the server answers "url: must start with https://" (the
 * field's path, a colon, the message) for a refused body, and the same for a rule only it can check (where
 * an address resolves). Undefined when the refusal names none of `fields`.
 */
export function fieldOfServerError<Name extends string>(
  error: unknown,
  fields: readonly Name[],
): { field: Name; message: string } | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'bad-request') return undefined;
  const separator = error.message.indexOf(': ');
  if (separator <= 0) return undefined;
  const path = error.message.slice(0, separator);
  // a list's element ("events.2") is the list's field
  const field = fields.find((name) => path === name || path.startsWith(`${name}.`));
  return field === undefined ? undefined : { field, message: error.message.slice(separator + 2) };
}

/**
 * Shows a server's 400 on the field it names, as the form's own check shows the same schema's message, and
 * answers whether it did; a refusal naming no field of the form is for the caller to show.
 */
export function showServerFieldError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  labels: FieldLabelMap = {},
): boolean {
  const named = fieldOfServerError(error, fields);
  if (!named) return false;
  const message = labelMessage(named.message, named.field, labels[named.field]);
  setError(named.field, { type: 'server', message }, { shouldFocus: true });
  return true;
}
