// Input PostgreSQL cannot store is refused with 400 naming the field. A `text` column
// refuses NUL, and a lone UTF-16 surrogate has no UTF-8 form (the database encoding); both would
// otherwise fail deep in a query or in the audit entry's JSON, as a 500.

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// Any character UNSTORABLE can start at. Almost all text has none, and this one character class is
// several times cheaper to scan for than the pattern above (which looks around each surrogate), so
// the request path only pays for the pattern when a NUL or a surrogate is there at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const MAYBE_UNSTORABLE = /[\u0000\ud800-\udfff]/;

/** Why PostgreSQL cannot store this text, or null when it can. */
export function findUnstorableCharacter(text: string): string | null {
  if (!MAYBE_UNSTORABLE.test(text)) return null;
  const found = UNSTORABLE.exec(text);
  if (!found) return null;
  return found[0] === '\u0000'
    ? 'must not contain the NUL character (U+0000)'
    : 'must be valid Unicode text (it contains an unpaired surrogate)';
}

export interface UnstorableText {
  /** Where the text is: object keys and array indexes from the top, `[]` for the value itself. */
  path: (string | number)[];
  /** Why it cannot be stored, for the operator: `must not contain the NUL character (U+0000)`. */
  problem: string;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.push(at.key);
  return path.reverse();
}

// Numbers, booleans and null hold no text: a body of many of them (a list of 100,000 numbers) costs no
// visit each.
function mayHoldText(value: unknown): boolean {
  return typeof value === 'string' || (value !== null && typeof value === 'object');
}

/**
 * The first text in a parsed request part (a JSON body, the query, the path params) that PostgreSQL
 * cannot store, in document order, field names included. Walks without recursion and without copying
 * paths, so any depth of nesting is safe and cheap.
 */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = findUnstorableCharacter(current);
      if (problem) return { path: pathOf(visit), problem };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        const item: unknown = current[index];
        if (mayHoldText(item)) stack.push({ value: item, key: index, parent: visit });
      }
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (const key of keys) {
        const problem = findUnstorableCharacter(key);
        if (problem) return { path: pathOf(visit), problem: `field names ${problem}` };
      }
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index]!;
        const item: unknown = (current as Record<string, unknown>)[key];
        if (mayHoldText(item)) stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}
