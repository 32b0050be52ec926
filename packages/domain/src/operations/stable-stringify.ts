/**
 * JSON text with object keys sorted at every depth, so equal data gives equal text whatever the key
 * order (the transfer compares payloads this way, and hashes state into the preview token).
 * Follows JSON.stringify otherwise: toJSON is honoured, undefined/function/symbol properties are
 * left out (null inside arrays), non-finite numbers become null. Top-level undefined gives 'null'.
 * Throws on cycles and BigInt, as JSON.stringify does.
 */
export function stableStringify(value: unknown): string {
  return stringifyValue(value, new Set()) ?? 'null';
}

function stringifyValue(value: unknown, ancestors: Set<object>): string | undefined {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return stringifyValue((value as { toJSON: () => unknown }).toJSON(), ancestors);
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') throw new TypeError('stableStringify cannot serialize a BigInt');
    return JSON.stringify(value) as string | undefined;
  }
  if (ancestors.has(value)) throw new TypeError('stableStringify cannot serialize a cycle');
  ancestors.add(value);
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map((element) => stringifyValue(element, ancestors) ?? 'null').join(',')}]`;
  } else {
    const entries: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const element = stringifyValue((value as Record<string, unknown>)[key], ancestors);
      if (element !== undefined) entries.push(`${JSON.stringify(key)}:${element}`);
    }
    text = `{${entries.join(',')}}`;
  }
  ancestors.delete(value);
  return text;
}
