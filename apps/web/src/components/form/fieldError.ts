import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';

/** The current error of one field of a form (nested names too), re-rendering only when it changes. */
export function useFieldError<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  name: Path<TInput>,
): FieldError | undefined {
  const { errors } = useFormState({ control: form.control, name });
  return get(errors, name) as FieldError | undefined;
}
