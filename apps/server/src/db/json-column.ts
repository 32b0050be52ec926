import { z } from 'zod';

/** The error for a stored JSON value its schema does not accept: a server fault, named in the log. */
export class StoredJsonError extends Error {
  override name = 'StoredJsonError';
}

/**
 * A JSON column as a store reads it back: parsed with its domain schema instead of cast, so a row
 * written by hand, by an older version or by another tool fails where it is read, naming the row.
 */
export function parseJsonColumn<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new StoredJsonError(`Stored ${what} does not match its schema: ${z.prettifyError(result.error)}`);
}
