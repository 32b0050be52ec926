import { z } from 'zod';
import { quoteInput } from '../api/quoted-input.ts';
import { PluginId, type PluginName } from '../enums.ts';
import { integerField } from './fields.ts';

// Every PluginId except UNSUPPORTED is a plugin; unknown plugin names resolve to UNSUPPORTED.
export type KnownPluginName = Exclude<PluginName, 'UNSUPPORTED'>;

export const PLUGIN_NAMES = (Object.keys(PluginId) as PluginName[]).filter(
  (name): name is KnownPluginName => name !== 'UNSUPPORTED',
);
export const PLUGIN_IDS: readonly number[] = PLUGIN_NAMES.map((name) => PluginId[name]);

export function isPluginId(id: number): boolean {
  return PLUGIN_IDS.includes(id);
}

/** The id of a plugin name (exact, case-sensitive); unknown names give UNSUPPORTED (0). */
export function resolvePluginName(name: string): number {
  return Object.hasOwn(PluginId, name) ? PluginId[name as PluginName] : PluginId.UNSUPPORTED;
}

/** The name of a plugin id; ids outside the enumeration give 'UNSUPPORTED'. */
export function pluginNameOf(id: number): PluginName {
  return (Object.keys(PluginId) as PluginName[]).find((name) => PluginId[name] === id) ?? 'UNSUPPORTED';
}

// Decision (docs/decisions/0101): plugins are grouped by id range, the way the enumeration is laid out.
export const PLUGIN_GROUPS = {
  events: { firstId: 1, lastId: 99 },
  offers: { firstId: 100, lastId: 199 },
} as const;
export type PluginGroup = keyof typeof PLUGIN_GROUPS;

export function pluginGroupOf(id: number): PluginGroup | undefined {
  return (Object.keys(PLUGIN_GROUPS) as PluginGroup[]).find(
    (group) => id >= PLUGIN_GROUPS[group].firstId && id <= PLUGIN_GROUPS[group].lastId,
  );
}

// Decision: a plain default description per plugin, used when a plugin row is created (on
// ce1/ce2: deprecated Collection Event 1 and 2, to be replaced by build event).
export const DEFAULT_PLUGIN_DESCRIPTIONS: Record<KnownPluginName, string> = {
  END_OF_CONTENT: 'End of content screen',
  AGILITY_RACE: 'Agility race event',
  ENDURANCE_RACE: 'Endurance race event',
  DUEL: 'Duel event',
  COLLECTION_EVENT_ONE: 'Collection event 1 (deprecated, to be replaced by the build event)',
  COLLECTION_EVENT_TWO: 'Collection event 2 (deprecated, to be replaced by the build event)',
  SPECIAL_OFFER: 'Special offer',
  BUILD_EVENT: 'Build event',
  BREAK_EVENT: 'Break event',
  WIN_STREAK: 'Win streak',
  GOLD_RUSH: 'Gold rush event',
  NEW_USER_FLOW: 'New user flow',
  DIVE_EVENT: 'Dive event',
  STORE: 'Store',
  OFFER_THREE_IN_ONE: 'Three-in-one offer',
  OFFER_TWO_OR_ONE: 'Two-or-one offer',
  OFFER_SNAKE: 'Snake offer',
  OFFER_PROGRESSION: 'Progression offer',
  OFFER_COMEBACK: 'Comeback offer',
};

export function defaultPluginDescriptionOf(id: number): string {
  const name = pluginNameOf(id);
  return name === 'UNSUPPORTED' ? 'Unsupported plugin' : DEFAULT_PLUGIN_DESCRIPTIONS[name];
}

export const pluginIdSchema = integerField('pluginId', 0).refine(isPluginId, {
  error: (issue) => `pluginId ${quoteInput(issue.input)} is not a known plugin`,
});

// ---- /api/plugin/list ----

export const pluginListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  description: z.string(),
  created: z.number().int().describe('UTC milliseconds'),
  modified: z.number().int().describe('UTC milliseconds'),
  lastModifier: z.string().describe('e-mail of the operator who last changed the plugin'),
});
export type PluginListItem = z.infer<typeof pluginListItemSchema>;
export const pluginListResponseSchema = z.array(pluginListItemSchema);

// ---- /api/plugin/types: name -> id of every plugin (UNSUPPORTED is not a plugin) ----

export const pluginTypesResponseSchema = z.record(z.string(), z.number().int());
export type PluginTypes = z.infer<typeof pluginTypesResponseSchema>;

export function listPluginTypes(): PluginTypes {
  return Object.fromEntries(PLUGIN_NAMES.map((name) => [name, PluginId[name]]));
}

// ---- /api/plugin/activate ----

export const activatePluginRequestSchema = z.object({
  pluginId: pluginIdSchema,
  active: z.boolean({ error: 'active must be true or false' }),
});
export type ActivatePluginRequest = z.infer<typeof activatePluginRequestSchema>;

// ---- /api/plugin/list/enabled: Decision: name -> id of each active plugin ----

export const enabledPluginsResponseSchema = z.record(z.string(), z.number().int());
export type EnabledPlugins = z.infer<typeof enabledPluginsResponseSchema>;

type PluginState = { id: number; active: boolean };

/** Active known plugins as name -> id, in id order; rows with unknown ids are left out. */
export function listEnabledPlugins(plugins: readonly PluginState[]): EnabledPlugins {
  return Object.fromEntries(
    plugins
      .filter((plugin) => plugin.active && isPluginId(plugin.id))
      .map((plugin) => plugin.id)
      .sort((a, b) => a - b)
      .map((id) => [pluginNameOf(id), id]),
  );
}

// ---- /api/plugin/list/enabled/grouped: Decision: every group -> {pluginIdList} of active ids ----

export const enabledPluginsGroupedResponseSchema = z.record(
  z.string(),
  z.object({ pluginIdList: z.array(z.number().int()) }),
);
export type EnabledPluginsGrouped = z.infer<typeof enabledPluginsGroupedResponseSchema>;

/** Every group (also empty ones) with the ascending ids of its active known plugins. */
export function groupEnabledPlugins(plugins: readonly PluginState[]): EnabledPluginsGrouped {
  const enabledIds = Object.values(listEnabledPlugins(plugins));
  return Object.fromEntries(
    (Object.keys(PLUGIN_GROUPS) as PluginGroup[]).map((group) => [
      group,
      { pluginIdList: enabledIds.filter((id) => pluginGroupOf(id) === group) },
    ]),
  );
}
