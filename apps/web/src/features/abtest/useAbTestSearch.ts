import type { AbTestTypeId } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import { AB_TEST_SEARCH_SORTS, type AbTestSearchSort } from '@console/domain/search';
import { definedFields, readBooleanFilter, writeBooleanFilter } from '../../components/search/searchView.ts';
import { useSearchList } from '../../components/search/useSearchList.ts';
import { setOrDelete } from '../../components/useViewState.ts';
import { AB_TEST_TYPE_LABELS } from './abtest.labels.ts';

export interface AbTestFilters {
  active: boolean | undefined;
  type: AbTestTypeId | undefined;
  inUse: boolean | undefined;
}

const isType = (value: number): value is AbTestTypeId => Object.hasOwn(AB_TEST_TYPE_LABELS, value);

/** ?active=true&type=10&inUse=false; an unknown value is no filter. */
export function readAbTestFilters(params: URLSearchParams): AbTestFilters {
  const typeText = params.get('type');
  const type = typeText === null || typeText === '' ? Number.NaN : Number(typeText);
  return {
    active: readBooleanFilter(params, 'active'),
    type: isType(type) ? type : undefined,
    inUse: readBooleanFilter(params, 'inUse'),
  };
}

function writeAbTestFilters(params: URLSearchParams, filters: AbTestFilters): void {
  writeBooleanFilter(params, 'active', filters.active);
  setOrDelete(params, 'type', filters.type === undefined ? '' : String(filters.type));
  writeBooleanFilter(params, 'inUse', filters.inUse);
}

// A first click on a date shows the newest first.
const FIRST_DIRECTION: Partial<Record<AbTestSearchSort, 'asc' | 'desc'>> = {
  created: 'desc',
  modified: 'desc',
  active: 'desc',
};

/** /abtest: the page of A/B-tests its search, filters, sort and page in the URL name. */
export const useAbTestSearch = () =>
  useSearchList(api.abtest.search, {
    sorts: AB_TEST_SEARCH_SORTS,
    defaults: { sort: 'id', direction: 'asc', firstDirection: FIRST_DIRECTION },
    readFilters: readAbTestFilters,
    writeFilters: writeAbTestFilters,
    requestOf: (filters) => definedFields({ ...filters }),
  });
