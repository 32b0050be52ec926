import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { type FieldLabelMap, labelMessage } from './fieldLabels.ts';

/**
 * A refusal the server answered about one field of the form ("name: name must not be empty": the 400 names
 * the field first) shown under that field, worded with its label, as the form's own check would. Answers
 * whether it did; any other error is the caller's to show.
 */
export function showServerFieldError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  labels: FieldLabelMap = {},
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const match = /^([A-Za-z][\w.[\]]*): (.*)$/s.exec(error.message);
  const field = match ? fields.find((name) => name === match[1]) : undefined;
  if (!match || field === undefined) return false;
  setError(
    field,
    { type: 'server', message: labelMessage(match[2] ?? '', field, labels[field]) },
    {
      shouldFocus: true,
    },
  );
  return true;
}
