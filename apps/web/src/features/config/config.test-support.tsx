import {
  CONFIG_USAGE_RANK,
  type ConfigItem,
  type ConfigListItem,
  type ConfigReference,
  type ConfigUsage,
  defaultActivationSettings,
  defaultConfigData,
} from '@console/domain/config';
import { PluginId } from '@console/domain/enums';
import { searchOver } from '../../test/fakeSearch.ts';
import { kindOfRow, typeLabelOfRow } from './configLabels.ts';

export { renderInConsole } from '../abtest/abtest.test-support.tsx';

export const CREATED = Date.UTC(2024, 4, 6, 7, 8);
export const OPERATOR = 'op@example.com';

/** A row of /api/plugin/config/list. */
export function aConfigRow({
  id,
  pluginId = PluginId.DUEL,
  active = false,
  inUse = 'unused',
  usedBy = [],
  replacedBy = null,
  description = `About ${id}`,
  created = CREATED,
  modified = created + 60_000,
}: {
  id: string;
  pluginId?: number;
  active?: boolean;
  inUse?: ConfigUsage;
  usedBy?: ConfigReference[];
  replacedBy?: string | null;
  description?: string;
  created?: number;
  modified?: number;
}): ConfigListItem {
  return {
    extended: { id, description, active, created, modified, lastModifier: OPERATOR, data: { pluginId } },
    inUse,
    usedBy,
    replacedBy,
  };
}

/** A stored generic event configuration (Gold Rush unless told), as /get answers it. */
export function aConfigItem(overrides: Partial<ConfigItem> = {}): ConfigItem {
  return {
    id: 'gold-week',
    description: 'Gold week',
    active: false,
    activation: defaultActivationSettings(),
    created: CREATED,
    modified: CREATED + 60_000,
    lastModifier: OPERATOR,
    data: defaultConfigData('event/gr') as ConfigItem['data'],
    ...overrides,
  };
}

/** /api/plugin/config/search over these rows, as the server orders and filters them. */
export const configSearch = (rows: () => readonly ConfigListItem[]) =>
  searchOver(rows, {
    keyOf: (row) => row.extended.id,
    textOf: (row) => [row.extended.id, row.extended.description],
    sorts: {
      id: (row) => row.extended.id,
      kind: typeLabelOfRow,
      inUse: (row) => CONFIG_USAGE_RANK[row.inUse],
      created: (row) => row.extended.created,
      modified: (row) => row.extended.modified,
    },
    filters: {
      active: (row, value) => row.extended.active === value,
      inUse: (row, value) => (row.inUse !== 'unused') === value,
      kinds: (row, value) => (value as string[]).includes(kindOfRow(row)?.id ?? ''),
    },
  });
