import { z } from 'zod';
import { searchPageSchemaOf, searchRequestSchemaOf } from '../api/search.ts';
import { AUDIT_FILTER_MAX_LENGTH, auditEntrySchema } from '../audit.ts';

// The audit log's search and export: newest first by default, filtered by action, target, e-mail
// (each an exact match) and a date range.

const exactFilter = (field: string) =>
  z
    .string({ error: `${field} must be a text` })
    .trim()
    .max(AUDIT_FILTER_MAX_LENGTH, { error: `${field} must be at most ${AUDIT_FILTER_MAX_LENGTH} characters` })
    .optional();

// UTC milliseconds, up to the year 9999 (what a timestamptz column and a Date both hold).
const LATEST_TIME = 253_402_300_799_999;
const timeFilter = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be whole UTC milliseconds` })
    .min(0, { error: `${field} must be at least 0` })
    .max(LATEST_TIME, { error: `${field} must be at most ${LATEST_TIME}` })
    .optional();

const auditFilters = {
  action: exactFilter('action'),
  target: exactFilter('target'),
  email: exactFilter('email'),
  /** Entries created at or after this time (UTC ms). */
  from: timeFilter('from'),
  /** Entries created before this time (UTC ms). */
  to: timeFilter('to'),
  /** Also the console-wide entries (console roles, removals, sign-ins), as the Audit Log screen shows. */
  consoleWide: z.boolean({ error: 'consoleWide must be true or false' }).default(false),
};

/** By id (the order entries were written in), or by date: a date range pages from the date's index. */
export const AUDIT_SEARCH_SORTS = ['id', 'created'] as const;
export const auditSearchRequestSchema = searchRequestSchemaOf(AUDIT_SEARCH_SORTS, auditFilters, {
  direction: 'desc',
});
export type AuditSearchRequest = z.output<typeof auditSearchRequestSchema>;
export type AuditSearchRequestInput = z.input<typeof auditSearchRequestSchema>;
export const auditSearchResponseSchema = searchPageSchemaOf(auditEntrySchema);

export const AUDIT_EXPORT_FORMATS = ['csv', 'json'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/** The export: every entry the filters match, newest first, as CSV or as a JSON array. */
export const auditExportRequestSchema = z
  .strictObject({
    format: z.enum(AUDIT_EXPORT_FORMATS, { error: 'format must be csv or json' }).default('csv'),
    ...auditFilters,
  })
  .prefault({});
export type AuditExportRequest = z.output<typeof auditExportRequestSchema>;
export type AuditExportRequestInput = z.input<typeof auditExportRequestSchema>;

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'environment',
  'action',
  'target',
  'email',
  'created',
  'attributes',
] as const;

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function toCsvField(value: string): string {
  // A leading =, +, - or @ would make a spreadsheet run the text as a formula: a quote in front keeps it text.
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One entry as a CSV line (created as ISO 8601 UTC, attributes as JSON), ending in CRLF. */
export function toAuditCsvLine(entry: z.infer<typeof auditEntrySchema>): string {
  const fields = [
    String(entry.id),
    entry.environment ?? '',
    entry.action,
    entry.target,
    entry.email,
    new Date(entry.created).toISOString(),
    JSON.stringify(entry.attributes),
  ];
  return `${fields.map(toCsvField).join(',')}\r\n`;
}

export const AUDIT_CSV_HEADER = `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
