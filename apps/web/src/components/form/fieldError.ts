import { type FieldError, get, useFormContext, useFormState } from 'react-hook-form';

/** The current error of one field of the surrounding form (nested names too), re-rendering only when it changes. */
export function useFieldError(name: string): FieldError | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return get(errors, name) as FieldError | undefined;
}

/** The message of a list's own error (its length), wherever react-hook-form put it. */
export function listErrorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === 'string') return message;
  return typeof root?.message === 'string' ? root.message : undefined;
}

/** Helper texts that wrap keep at least two words on their last line, never a lone word. */
export const HINT_SX = { textWrap: 'pretty' } as const;
