import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { type FieldLabelMap, labelMessage } from './fieldLabels.ts';

/**
 * The field a server's 400 names, with its message. A body the schema refuses is answered with the field's
 * path, a colon and the schema's message ("url: url must be an https:// URL"); a rule only the server checks
 * answers a message that starts with the field's name, as the domain's messages do ("url's host x could not
 * be resolved"). Undefined when the refusal names none of `fields`.
 */
export function fieldOfServerError<Name extends string>(
  error: unknown,
  fields: readonly Name[],
): { field: Name; message: string } | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'bad-request') return undefined;
  const text = error.message;
  const separator = text.indexOf(': ');
  const path = separator > 0 ? text.slice(0, separator) : '';
  // a list's element ("events.2") is the list's field
  const byPath = fields.find((name) => path === name || path.startsWith(`${name}.`));
  if (byPath !== undefined) return { field: byPath, message: text.slice(separator + 2) };
  const byName = fields.find((name) => new RegExp(`^${name}(?:\\s|'s\\s)`).test(text));
  return byName === undefined ? undefined : { field: byName, message: text };
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
