import { ROLES, type Role } from '@console/domain/access';
import { api } from '@console/domain/endpoints';
import { USER_SEARCH_SORTS } from '@console/domain/search';
import { definedFields } from '../../components/search/searchView.ts';
import { useSearchList } from '../../components/search/useSearchList.ts';
import { setOrDelete } from '../../components/useViewState.ts';

export interface UserFilters {
  role: Role | undefined;
}

const isRole = (text: string | null): text is Role => ROLES.some((role) => role === text);

/** ?role=admin; an unknown role is no filter. */
export function readUserFilters(params: URLSearchParams): UserFilters {
  const role = params.get('role');
  return { role: isRole(role) ? role : undefined };
}

function writeUserFilters(params: URLSearchParams, filters: UserFilters): void {
  setOrDelete(params, 'role', filters.role ?? '');
}

/** Security > Users: the page of users its search, role filter, sort and page in the URL name. */
export const useUserSearch = () =>
  useSearchList(api.users.search, {
    sorts: USER_SEARCH_SORTS,
    // The most recently seen first when sorted by a date.
    defaults: { sort: 'email', direction: 'asc', firstDirection: { lastSeen: 'desc', firstSeen: 'desc' } },
    readFilters: readUserFilters,
    writeFilters: writeUserFilters,
    requestOf: (filters) => definedFields({ ...filters }),
  });
