// How deep a request body's JSON may nest, checked on its text before it is parsed: parsing a body of a
// list 200,000 levels deep, then walking it, cost the console tens of milliseconds of CPU for a refusal.
// No call's data comes near the limit (an environment file refuses more than 64 levels, naming where).

export const MAX_BODY_NESTING_DEPTH = 256;

/** The refusal of a body that nests deeper than MAX_BODY_NESTING_DEPTH, named at the body. */
export const BODY_TOO_DEEP_MESSAGE = `body: is nested deeper than ${MAX_BODY_NESTING_DEPTH} levels`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `max` lists and objects inside each other, outside strings. It reads
 * the text once and never parses it; text that is not JSON answers as its brackets say (the parser then
 * refuses it). A text shorter than `max` characters cannot, and is not read.
 */
export function isNestedDeeperThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) isInString = false;
    } else if (code === QUOTE) isInString = true;
    else if (code === OPEN_LIST || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_LIST || code === CLOSE_OBJECT) depth -= 1;
  }
  return false;
}
