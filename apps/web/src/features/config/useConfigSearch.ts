import { CONFIG_KINDS, type ConfigKindId } from '@console/domain/config';
import { api } from '@console/domain/endpoints';
import { definedFields, readBooleanFilter, writeBooleanFilter } from '../../components/search/searchView.ts';
import { useSearchList } from '../../components/search/useSearchList.ts';
import { setOrDelete } from '../../components/useViewState.ts';
import { CONFIG_SORT_KEYS, type ConfigSortKey, FIRST_DIRECTION } from './ConfigTable.tsx';

export interface ConfigFilters {
  kind: ConfigKindId | undefined;
  active: boolean | undefined;
  inUse: boolean | undefined;
}

const isKind = (text: string | null): text is ConfigKindId => CONFIG_KINDS.some((kind) => kind.id === text);

/** ?kind=ar&active=true&inUse=false; an unknown value is no filter. */
export function readConfigFilters(params: URLSearchParams): ConfigFilters {
  const kind = params.get('kind');
  return {
    kind: isKind(kind) ? kind : undefined,
    active: readBooleanFilter(params, 'active'),
    inUse: readBooleanFilter(params, 'inUse'),
  };
}

function writeConfigFilters(params: URLSearchParams, filters: ConfigFilters): void {
  setOrDelete(params, 'kind', filters.kind ?? '');
  writeBooleanFilter(params, 'active', filters.active);
  writeBooleanFilter(params, 'inUse', filters.inUse);
}

/** /config: the page of configurations (every kind) its search, filters, sort and page in the URL name. */
export const useConfigSearch = () =>
  useSearchList(api.config.plugin.search, {
    sorts: CONFIG_SORT_KEYS,
    defaults: { sort: 'id', direction: 'asc', firstDirection: FIRST_DIRECTION },
    // The Type column shows the kind's name; the search sorts by the kind.
    requestSort: (sort: ConfigSortKey) => (sort === 'type' ? 'kind' : sort),
    readFilters: readConfigFilters,
    writeFilters: writeConfigFilters,
    requestOf: ({ kind, active, inUse }) =>
      definedFields({ kinds: kind === undefined ? undefined : [kind], active, inUse }),
  });
