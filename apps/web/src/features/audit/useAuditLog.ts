import { decodeSearchCursor } from '@console/domain/api';
import { AUDIT_ACTIONS, AUDIT_FILTER_MAX_LENGTH, AUDIT_PAGE_LIMIT } from '@console/domain/audit';
import type {
  AuditExportFormat,
  AuditExportRequestInput,
  AuditSearchRequestInput,
} from '@console/domain/search';
import { definedFields } from '../../components/search/searchView.ts';
import { setOrDelete, useViewState } from '../../components/useViewState.ts';
import { useAuditSearchQuery } from './audit.queries.ts';

export const ALL_ACTIONS = '';

export interface AuditFilter {
  /** An audit action, or ALL_ACTIONS. */
  action: string;
  /** The exact target, or '' for any. */
  target: string;
  /** The exact e-mail of who acted, or '' for anyone. */
  email: string;
  /** The first and last day shown (YYYY-MM-DD, UTC), or '' for no bound. */
  from: string;
  to: string;
}

interface AuditView extends AuditFilter {
  /** The search cursor of each older page shown, newest page first: the way back to page one. */
  cursors: readonly string[];
}

const DAY_MS = 24 * 3600 * 1000;
const isAction = (text: string): boolean => (AUDIT_ACTIONS as readonly string[]).includes(text);
const exact = (text: string | null) => {
  const trimmed = (text ?? '').trim();
  return trimmed.length <= AUDIT_FILTER_MAX_LENGTH ? trimmed : '';
};
const dayOf = (text: string | null) =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
    ? text
    : '';
const startOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
// The page a cursor starts after: the newest entries first, so each cursor of the trail is older than the last.
const positionOf = (cursor: string) => {
  try {
    return decodeSearchCursor(cursor, {
      sort: 'id',
      direction: 'desc',
      valueKind: 'number',
      keyKind: 'number',
    }).key as number;
  } catch {
    return undefined;
  }
};

/**
 * The filters and page in the URL (?action=abtest.create&target=spring-sale&email=…&from=2026-11-01&pages=…),
 * so a reload, Back and Forward come back to the same entries. An unknown action, an over-long text, a
 * date that is not one, or a trail of cursors this search did not make or out of order is no filter / page one.
 */
export function readAuditView(params: URLSearchParams): AuditView {
  const action = params.get('action') ?? ALL_ACTIONS;
  const cursors = (params.get('pages') ?? '').split(',').filter(Boolean);
  const positions = cursors.map(positionOf);
  const isTrail = positions.every(
    (position, index) =>
      position !== undefined &&
      (index === 0 || position < (positions[index - 1] ?? Number.NEGATIVE_INFINITY)),
  );
  return {
    action: isAction(action) ? action : ALL_ACTIONS,
    target: exact(params.get('target')),
    email: exact(params.get('email')),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    cursors: isTrail ? cursors : [],
  };
}

function writeAuditView(params: URLSearchParams, view: AuditView): void {
  setOrDelete(params, 'action', view.action, ALL_ACTIONS);
  setOrDelete(params, 'target', view.target);
  setOrDelete(params, 'email', view.email);
  setOrDelete(params, 'from', view.from);
  setOrDelete(params, 'to', view.to);
  setOrDelete(params, 'pages', view.cursors.join(','));
}

/** The export's request: every entry the filters match, the range the screen pages through. */
export function exportRequestOf(filter: AuditFilter, format: AuditExportFormat): AuditExportRequestInput {
  const { limit: _limit, cursor: _cursor, ...filters } = requestOf(filter, undefined) ?? {};
  return { ...filters, format };
}

/** The search's request for the filters: `to` is the last day shown, so the range ends when it does. */
function requestOf(filter: AuditFilter, cursor: string | undefined): AuditSearchRequestInput {
  return {
    limit: AUDIT_PAGE_LIMIT,
    // Console-wide entries (roles, removals, sign-ins) concern every environment: listed in each.
    consoleWide: true,
    ...definedFields({
      cursor,
      action: filter.action === ALL_ACTIONS ? undefined : filter.action,
      target: filter.target === '' ? undefined : filter.target,
      email: filter.email === '' ? undefined : filter.email,
      from: filter.from === '' ? undefined : startOfDay(filter.from),
      to: filter.to === '' ? undefined : startOfDay(filter.to) + DAY_MS,
    }),
  };
}

/**
 * The audit log's filters and page, from the audit search. Older pages continue from the search's cursor
 * (keyset), so a page deep in a million entries is as cheap as the first; the trail of cursors leads back.
 */
export function useAuditLog() {
  const [view, setView] = useViewState(readAuditView, writeAuditView);
  const { cursors } = view;
  const filter: AuditFilter = {
    action: view.action,
    target: view.target,
    email: view.email,
    from: view.from,
    to: view.to,
  };
  const query = useAuditSearchQuery(requestOf(filter, cursors.at(-1)));
  const entries = query.data?.items;
  const nextCursor = query.data?.nextCursor ?? null;
  return {
    query,
    entries,
    filter,
    hasOlder: nextCursor !== null,
    /** A new filter starts from the newest entry again. */
    filterBy: (next: Partial<AuditFilter>) => setView({ ...filter, ...next, cursors: [] }),
    offset: cursors.length * AUDIT_PAGE_LIMIT,
    newer: () => setView({ ...view, cursors: cursors.slice(0, -1) }),
    older: () => {
      if (nextCursor !== null) setView({ ...view, cursors: [...cursors, nextCursor] });
    },
  };
}
