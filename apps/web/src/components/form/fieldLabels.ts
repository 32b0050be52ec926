import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** Field name (as sent) → the label the operator sees; declared once next to the domain schema. */
export type FieldLabelMap = Readonly<Record<string, string>>;

/**
 * The domain's messages start with the field's wire name ('maxLevel must be at least 1') so the API's
 * 400 names what a program sent; an operator reads the field's label instead ('Max level must be at least 1').
 */
export function labelMessage(message: string, field: string, label: string | undefined): string {
  if (label === undefined || !message.startsWith(field)) return message;
  const rest = message.slice(field.length);
  return rest === '' || /^[\s:,.]/.test(rest) ? label + rest : message;
}

// A field's error has a string `type`; an object of nested fields does not (its entries are objects).
const isFieldError = (value: unknown): value is FieldError =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Every message of a form's errors, nested ones too, with its field's label; others unchanged. */
export function labelFieldErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  labels: FieldLabelMap,
): FieldErrors<T> {
  const relabel = (value: unknown, field: string): unknown => {
    if (isFieldError(value)) {
      const message = typeof value.message === 'string' ? value.message : undefined;
      return message === undefined
        ? value
        : { ...value, message: labelMessage(message, field, labels[field]) };
    }
    if (Array.isArray(value)) return value.map((item) => relabel(item, field));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, relabel(inner, key)]));
  };
  return relabel(errors, '') as FieldErrors<T>;
}

/** A resolver whose messages name fields by their labels (the form's rules stay the domain schema's). */
export function withFieldLabels<TIn extends FieldValues, TContext, TOut>(
  resolver: Resolver<TIn, TContext, TOut>,
  labels: FieldLabelMap,
): Resolver<TIn, TContext, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    return { ...result, errors: labelFieldErrors(result.errors, labels) } as typeof result;
  };
}
