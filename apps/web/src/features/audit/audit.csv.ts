import type { AuditEntry } from '@console/domain';

export const AUDIT_CSV_HEADER = ['ID', 'Action', 'Target', 'E-mail', 'Date (UTC)', 'Extra'] as const;

// A cell a spreadsheet would read as a formula is prefixed with ' (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The Extra column as the screen shows it: compact JSON, blank when empty (docs/decisions/0056). */
export const formatAttributes = (attributes: Record<string, unknown>): string =>
  Object.keys(attributes).length === 0 ? '' : JSON.stringify(attributes);

/**
 * The shown entries as CSV (RFC 4180: comma separated, CRLF lines, quoted when needed). Dates are
 * ISO 8601 in UTC, so a spreadsheet reads them whatever the operator's time zone.
 */
export function auditEntriesToCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) => [
    String(entry.id),
    entry.action,
    entry.target,
    entry.email,
    new Date(entry.created).toISOString(),
    formatAttributes(entry.attributes),
  ]);
  return `${[AUDIT_CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Offers the text as a file download, built in the browser (nothing is sent to the server). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
