// Error messages name the field and may quote what was sent, but never serialise it whole: a
// value may be nested thousands of levels deep (serialising it overflows the stack) or be megabytes
// long (the message would echo it back, and into the log).

/** How many characters of a sent text an error message quotes. */
export const QUOTED_TEXT_MAX_LENGTH = 40;
/** How many characters of a field path an error message shows. */
export const FIELD_PATH_MAX_LENGTH = 100;

/**
 * A short description of a sent value for an error message: a text quoted (cut to
 * QUOTED_TEXT_MAX_LENGTH characters), a number or boolean as written, and only the kind of a list or
 * an object. Constant work whatever the value's size or depth.
 */
export function quoteInput(value: unknown): string {
  if (typeof value === 'string') {
    const isCut = value.length > QUOTED_TEXT_MAX_LENGTH;
    const shown = isCut ? `${value.slice(0, QUOTED_TEXT_MAX_LENGTH)}…` : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * A field's path (`list.1.description`) for an error message, shortened in the middle when a deeply
 * nested value makes it long: the first two steps and the last are kept, with how many were left out.
 */
export function describeFieldPath(path: readonly (string | number)[]): string {
  const cut = (step: string | number, max: number) => {
    const text = String(step);
    return text.length > max ? `${text.slice(0, max)}…` : text;
  };
  const whole = path.map((step) => cut(step, QUOTED_TEXT_MAX_LENGTH)).join('.');
  if (whole.length <= FIELD_PATH_MAX_LENGTH) return whole;
  const shortStep = (step: string | number) => cut(step, 20);
  if (path.length <= 3) return path.map(shortStep).join('.');
  const head = path.slice(0, 2).map(shortStep);
  const last = shortStep(path[path.length - 1]!);
  return [...head, `…(${path.length - 3} more)…`, last].join('.');
}
