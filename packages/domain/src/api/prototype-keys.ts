// Keys that reach Object.prototype when a parsed body is merged into another object: `__proto__`, and
// `constructor` holding `prototype`. The console refuses a body holding either (as Fastify's JSON parser
// does, secure-json-parse's "prototype poisoning"), naming where the key is.

export interface PrototypeKey {
  /** Where the key is: object keys and array indexes from the top, the key itself last. */
  path: (string | number)[];
  /** The refusal for the operator, without the path. */
  problem: string;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, last: string): (string | number)[] {
  const path: (string | number)[] = [last];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.push(at.key);
  return path.reverse();
}

const PROTO_PROBLEM = 'must not be a key: JavaScript gives __proto__ a meaning of its own';
const CONSTRUCTOR_PROBLEM =
  'must not be a key holding prototype: JavaScript gives constructor.prototype a meaning of its own';

/**
 * The first `__proto__` key, or `constructor` key whose value holds `prototype`, in a value from
 * JSON.parse (which makes them plain own keys), in document order; null when there is none. Walks
 * without recursion, so any depth of nesting is safe.
 */
export function findPrototypeKey(value: unknown): PrototypeKey | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        const item: unknown = current[index];
        if (item !== null && typeof item === 'object') stack.push({ value: item, key: index, parent: visit });
      }
      continue;
    }
    if (Object.hasOwn(current, '__proto__'))
      return { path: pathOf(visit, '__proto__'), problem: PROTO_PROBLEM };
    if (Object.hasOwn(current, 'constructor')) {
      const held = (current as Record<string, unknown>).constructor;
      if (held !== null && typeof held === 'object' && Object.hasOwn(held, 'prototype')) {
        return { path: pathOf(visit, 'constructor'), problem: CONSTRUCTOR_PROBLEM };
      }
    }
    const keys = Object.keys(current);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index]!;
      const item: unknown = (current as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push({ value: item, key, parent: visit });
    }
  }
  return null;
}
