import { USER_ID_LABEL, USER_ID_MAX_LENGTH } from '@console/domain';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextFormField } from './TextFormField.tsx';

interface UserIdFieldProps<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The form's field holding the player id; `userId` in every operations form. */
  name: Path<TInput>;
}

/** A player's User ID (trimmed, 1-64 characters, the domain's userIdSchema). */
export function UserIdField<TInput extends FieldValues, TOutput>({
  form,
  name,
}: UserIdFieldProps<TInput, TOutput>) {
  return <TextFormField form={form} name={name} label={USER_ID_LABEL} maxLength={USER_ID_MAX_LENGTH} />;
}
