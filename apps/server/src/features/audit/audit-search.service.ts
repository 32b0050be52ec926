import { type SearchPage, toSearchPage } from '@console/domain/api';
import type { AuditEntry } from '@console/domain/audit';
import {
  AUDIT_CSV_HEADER,
  type AuditExportRequest,
  type AuditSearchRequest,
  toAuditCsvLine,
} from '@console/domain/search';
import type { EnvironmentContext } from '../../context.ts';
import { findNewestAuditId, listAuditPart, searchAuditEntries } from './audit-search.store.ts';

/** /api/audit/search: a page of the log by id, newest first unless asked otherwise. */
export async function searchAudit(
  ctx: EnvironmentContext,
  request: AuditSearchRequest,
): Promise<SearchPage<AuditEntry>> {
  const { entries, total } = await searchAuditEntries(ctx.db, ctx.environmentId, request);
  return toSearchPage(
    entries,
    request,
    total,
    (entry) => ({ value: request.sort === 'created' ? entry.created : entry.id, key: entry.id }),
    (entry) => entry,
  );
}

/** How many entries an export reads per query: what it holds in memory at once. */
export const AUDIT_EXPORT_PART = 1_000;

/**
 * Every matching entry, newest first, in parts of AUDIT_EXPORT_PART read by id (keyset), each only
 * when the one before has been sent: a million entries are never in memory at once, and no query or
 * transaction stays open while the client reads. Entries written after the export began are left out.
 */
export async function* readAuditExport(
  ctx: EnvironmentContext,
  filters: AuditExportRequest,
): AsyncGenerator<AuditEntry[]> {
  const { db, environmentId } = ctx;
  let beforeId = (await findNewestAuditId(db)) + 1;
  for (;;) {
    const part = await listAuditPart(db, environmentId, filters, { beforeId, limit: AUDIT_EXPORT_PART });
    if (part.length > 0) yield part;
    if (part.length < AUDIT_EXPORT_PART) return;
    beforeId = part.at(-1)!.id;
  }
}

/** The export as text chunks: CSV with a header line, or one JSON array. */
export async function* formatAuditExport(
  parts: AsyncIterable<AuditEntry[]>,
  format: AuditExportRequest['format'],
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield AUDIT_CSV_HEADER;
    for await (const part of parts) yield part.map(toAuditCsvLine).join('');
    return;
  }
  yield '[';
  let isFirst = true;
  for await (const part of parts) {
    yield `${isFirst ? '' : ','}${part.map((entry) => JSON.stringify(entry)).join(',')}`;
    isFirst = false;
  }
  yield ']';
}
