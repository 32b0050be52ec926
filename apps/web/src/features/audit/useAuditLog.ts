import { AUDIT_PAGE_LIMIT } from '@console/domain';
import { useState } from 'react';
import { useAuditListQuery } from './audit.queries.ts';

export const ALL_ACTIONS = '';

export interface AuditFilter {
  /** An audit action, or ALL_ACTIONS. */
  action: string;
  /** The exact target, or '' for any. */
  target: string;
}

/**
 * The audit log's filter and page. Older pages are read by the last id shown (keyset), so a page deep in
 * the log is as cheap as the first; the stack of those ids leads back to newer pages.
 */
export function useAuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({ action: ALL_ACTIONS, target: '' });
  const [cursors, setCursors] = useState<readonly number[]>([]);
  const before = cursors.at(-1);
  // Console-wide entries (roles, removals, sign-ins) concern every environment: listed in each.
  const query = useAuditListQuery({
    limit: AUDIT_PAGE_LIMIT,
    consoleWide: true,
    ...(before === undefined ? {} : { before }),
    ...(filter.action === ALL_ACTIONS ? {} : { action: filter.action }),
    ...(filter.target === '' ? {} : { target: filter.target }),
  });
  const entries = query.data;
  return {
    query,
    entries,
    filter,
    /** A new filter starts from the newest entry again. */
    filterBy: (next: Partial<AuditFilter>) => {
      setFilter((current) => ({ ...current, ...next }));
      setCursors([]);
    },
    offset: cursors.length * AUDIT_PAGE_LIMIT,
    newer: () => setCursors(cursors.slice(0, -1)),
    older: () => {
      const oldest = entries?.at(-1);
      if (oldest) setCursors([...cursors, oldest.id]);
    },
  };
}
