import {
  AUDIT_ACTIONS,
  AUDIT_FILTER_MAX_LENGTH,
  AUDIT_PAGE_LIMIT,
  auditListRequestSchema,
} from '@console/domain';
import { setOrDelete, useViewState } from '../../components/useViewState.ts';
import { useAuditListQuery } from './audit.queries.ts';

export const ALL_ACTIONS = '';

export interface AuditFilter {
  /** An audit action, or ALL_ACTIONS. */
  action: string;
  /** The exact target, or '' for any. */
  target: string;
}

interface AuditView extends AuditFilter {
  /** The last id shown on each newer page, newest page first: the way back to page one. */
  cursors: readonly number[];
}

const isAction = (text: string): boolean => (AUDIT_ACTIONS as readonly string[]).includes(text);
// A cursor the server would refuse (not a positive integer in range) drops the page trail, as do cursors
// out of order: the log starts from its newest entry again.
const isCursor = (value: number) => auditListRequestSchema.safeParse({ before: value }).success;

/**
 * The filter and page in the URL (?action=abtest.create&target=spring-sale&pages=120,20), so a reload,
 * Back and Forward come back to the same entries. An unknown action or an over-long target is no filter.
 */
export function readAuditView(params: URLSearchParams): AuditView {
  const action = params.get('action') ?? ALL_ACTIONS;
  const target = (params.get('target') ?? '').trim();
  const cursors = (params.get('pages') ?? '').split(',').filter(Boolean).map(Number);
  const isTrail = cursors.every(
    (cursor, index) => isCursor(cursor) && (index === 0 || cursor < cursors[index - 1]!),
  );
  return {
    action: isAction(action) ? action : ALL_ACTIONS,
    target: target.length <= AUDIT_FILTER_MAX_LENGTH ? target : '',
    cursors: isTrail ? cursors : [],
  };
}

function writeAuditView(params: URLSearchParams, view: AuditView): void {
  setOrDelete(params, 'action', view.action, ALL_ACTIONS);
  setOrDelete(params, 'target', view.target);
  setOrDelete(params, 'pages', view.cursors.join(','));
}

/**
 * The audit log's filter and page. Older pages are read by the last id shown (keyset), so a page deep in
 * the log is as cheap as the first; the stack of those ids leads back to newer pages.
 */
export function useAuditLog() {
  const [view, setView] = useViewState(readAuditView, writeAuditView);
  const { cursors } = view;
  const filter: AuditFilter = { action: view.action, target: view.target };
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
    filterBy: (next: Partial<AuditFilter>) => setView({ ...filter, ...next, cursors: [] }),
    offset: cursors.length * AUDIT_PAGE_LIMIT,
    newer: () => setView({ ...view, cursors: cursors.slice(0, -1) }),
    older: () => {
      const oldest = entries?.at(-1);
      if (oldest) setView({ ...view, cursors: [...cursors, oldest.id] });
    },
  };
}
