import { CONFIG_KINDS, type ConfigKind, type ConfigListItem } from '@console/domain/config';

/** The kind serving a plugin, by name or id (each kind serves one plugin); undefined when none does. */
export const configKindOfPluginRef = (plugin: string | number): ConfigKind | undefined =>
  CONFIG_KINDS.find((kind) => (typeof plugin === 'number' ? kind.pluginId : kind.pluginName) === plugin);

/** The kind of a list row, from its plugin. */
export const kindOfRow = (row: ConfigListItem): ConfigKind | undefined =>
  configKindOfPluginRef(row.extended.data.pluginId);

/** The Type column: the kind's label, or the plugin id no kind serves. */
export const typeLabelOfRow = (row: ConfigListItem): string =>
  kindOfRow(row)?.label ?? `Plugin ${row.extended.data.pluginId}`;

/** /config/{pluginName}/create and /config/{pluginName}/{id}/edit. */
export const configCreatePath = (pluginName: string) => `/config/${encodeURIComponent(pluginName)}/create`;
export const configEditPath = (pluginName: string, id: string) =>
  `/config/${encodeURIComponent(pluginName)}/${encodeURIComponent(id)}/edit`;
