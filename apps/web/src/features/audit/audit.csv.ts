/** The Extra column as the screen shows it: compact JSON, blank when empty (docs/decisions/0056). */
export const formatAttributes = (attributes: Record<string, unknown>): string =>
  Object.keys(attributes).length === 0 ? '' : JSON.stringify(attributes);
