import type { ConfigItem } from './config.api.schemas.ts';

// What a save of a configuration changes, and whether players would notice.

/** The fields of a configuration a save writes. */
export type ConfigFields = Pick<ConfigItem, 'description' | 'active' | 'activation' | 'data'>;

/**
 * Equality of stored data (JSON values): the same primitives (NaN equals NaN), arrays with equal
 * elements in order, objects with the same keys (whatever their order) and equal values.
 */
function isSameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) {
    return false;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((element, index) => isSameData(element, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && isSameData(left[key], right[key]))
  );
}

/** The fields of `next` that differ from the stored configuration (a save writes only these). */
export function configChangesBetween(stored: ConfigFields, next: ConfigFields): Partial<ConfigFields> {
  const changes: Partial<ConfigFields> = {};
  if (next.description !== stored.description) changes.description = next.description;
  if (next.active !== stored.active) changes.active = next.active;
  if (!isSameData(next.activation, stored.activation)) changes.activation = next.activation;
  if (!isSameData(next.data, stored.data)) changes.data = next.data;
  return changes;
}

/**
 * What players would notice: activation, data, or switching off. A description is the operators'
 * own text, and switching a served configuration on changes nothing already served.
 */
export const altersWhatIsServed = (changes: Partial<ConfigFields>): boolean =>
  changes.activation !== undefined || changes.data !== undefined || changes.active === false;
