/** The Extra column as the screen shows it: compact JSON, blank when empty (decisions: Audit Extra). */
export const formatAttributes = (attributes: Record<string, unknown>): string =>
  Object.keys(attributes).length === 0 ? '' : JSON.stringify(attributes);
