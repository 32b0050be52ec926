import { PluginId } from '../enums.ts';
import type { KnownPluginName } from '../operations/plugin.ts';

// The configuration kinds. Each kind serves exactly one plugin, so a
// configuration's kind, its plugin (data{pluginId} in lists) and its route TYPE (/config/{pluginName})
// are one fact. Decision (docs/decisions/0166): the plugins without a dedicated editor become the
// generic kinds event/{prefix} (with activation) and plugin/{prefix} (id and description only).

export const ConfigFamily = {
  Race: 'race',
  Duel: 'duel',
  Streak: 'streak',
  BuildBreak: 'build-break',
  Offer: 'offer',
  GenericEvent: 'generic-event',
  GenericPlugin: 'generic-plugin',
} as const;
export type ConfigFamily = (typeof ConfigFamily)[keyof typeof ConfigFamily];

/** Group titles of the "Configuration type" dropdown, in the order the groups are shown. */
export const CONFIG_FAMILY_LABELS: Readonly<Record<ConfigFamily, string>> = {
  race: 'Races',
  duel: 'Duel',
  streak: 'Streaks',
  'build-break': 'Build and break events',
  offer: 'Offers',
  'generic-event': 'Events',
  'generic-plugin': 'Other plugins',
};

/** The repeated part an editor shows as tabs ("Tab counts... bounded by the max counts"). */
export interface ConfigTabs {
  readonly field: 'tiers' | 'rotation' | 'productIdList';
  readonly label: string;
  readonly max: number;
}

export interface ConfigKindDefinition {
  /** The kind as it appears in /api/config/{kind}/...; generic kinds carry their prefix. */
  readonly id: string;
  readonly label: string;
  readonly family: ConfigFamily;
  readonly pluginName: KnownPluginName;
  readonly pluginId: number;
  /** false only for plugin/{prefix}: id and description only. */
  readonly hasActivation: boolean;
  /** The activation checkbox is omitted when false. */
  readonly allowsDeactivation: boolean;
  readonly tabs: ConfigTabs | null;
  /** Races only: a bounded race's tiers repeat a set number of rotations (default 5), unbounded 0. */
  readonly isBounded: boolean;
  readonly isDeprecated: boolean;
}

// Rotation max 10 by default.
export const DEFAULT_MAX_ROTATIONS = 10;

const tiers = (max: number): ConfigTabs => ({ field: 'tiers', label: 'Tiers', max });
const products = (max: number): ConfigTabs => ({ field: 'productIdList', label: 'Products', max });
const ROTATION_TABS: ConfigTabs = { field: 'rotation', label: 'Rotation', max: DEFAULT_MAX_ROTATIONS };

type KindRow = Omit<ConfigKindDefinition, 'pluginId' | 'isBounded' | 'isDeprecated' | 'hasActivation'> &
  Partial<Pick<ConfigKindDefinition, 'isBounded' | 'isDeprecated' | 'hasActivation'>>;

function kind<const Id extends string, const Family extends ConfigFamily>(
  row: KindRow & { id: Id; family: Family },
): ConfigKindDefinition & { readonly id: Id; readonly family: Family } {
  return {
    hasActivation: true,
    isBounded: false,
    isDeprecated: false,
    ...row,
    pluginId: PluginId[row.pluginName],
  };
}

// Max tier/rotation counts; deactivation (allowed only on races and some events).
export const CONFIG_KINDS = [
  kind({
    id: 'ar',
    label: 'Agility Race',
    family: 'race',
    pluginName: 'AGILITY_RACE',
    allowsDeactivation: true,
    tabs: tiers(10),
    isBounded: true,
  }),
  kind({
    id: 'er',
    label: 'Endurance Race',
    family: 'race',
    pluginName: 'ENDURANCE_RACE',
    allowsDeactivation: true,
    tabs: tiers(1),
    isBounded: true,
  }),
  kind({
    id: 'eoc',
    label: 'End Of Content',
    family: 'race',
    pluginName: 'END_OF_CONTENT',
    allowsDeactivation: true,
    tabs: tiers(1),
  }),
  kind({
    id: 'duel',
    label: 'Duel',
    family: 'duel',
    pluginName: 'DUEL',
    allowsDeactivation: false,
    tabs: null,
  }),
  kind({
    id: 'ws',
    label: 'Win Streak',
    family: 'streak',
    pluginName: 'WIN_STREAK',
    allowsDeactivation: false,
    tabs: tiers(10),
  }),
  kind({
    id: 'ds',
    label: 'Dive Streak',
    family: 'streak',
    pluginName: 'DIVE_EVENT',
    allowsDeactivation: false,
    tabs: tiers(20),
  }),
  kind({
    id: 'build',
    label: 'Build Event',
    family: 'build-break',
    pluginName: 'BUILD_EVENT',
    allowsDeactivation: false,
    tabs: ROTATION_TABS,
  }),
  kind({
    id: 'break',
    label: 'Break Event',
    family: 'build-break',
    pluginName: 'BREAK_EVENT',
    allowsDeactivation: false,
    tabs: ROTATION_TABS,
  }),
  kind({
    id: 'store-products',
    label: 'Store Products',
    family: 'offer',
    pluginName: 'STORE',
    allowsDeactivation: false,
    tabs: products(4),
  }),
  kind({
    id: 'three4one-offer',
    label: 'Three for one',
    family: 'offer',
    pluginName: 'OFFER_THREE_IN_ONE',
    allowsDeactivation: false,
    tabs: products(4),
  }),
  kind({
    id: '2o1-offer',
    label: 'Two or one',
    family: 'offer',
    pluginName: 'OFFER_TWO_OR_ONE',
    allowsDeactivation: false,
    tabs: products(2),
  }),
  kind({
    id: 'snake-offer',
    label: 'Snake',
    family: 'offer',
    pluginName: 'OFFER_SNAKE',
    allowsDeactivation: false,
    tabs: products(50),
  }),
  kind({
    id: 'progression-offer',
    label: 'Progression',
    family: 'offer',
    pluginName: 'OFFER_PROGRESSION',
    allowsDeactivation: false,
    tabs: products(10),
  }),
  kind({
    id: 'comeback-offer',
    label: 'Comeback',
    family: 'offer',
    pluginName: 'OFFER_COMEBACK',
    allowsDeactivation: false,
    tabs: products(1),
  }),
  kind({
    id: 'event/gr',
    label: 'Gold Rush',
    family: 'generic-event',
    pluginName: 'GOLD_RUSH',
    allowsDeactivation: true,
    tabs: null,
  }),
  kind({
    id: 'event/so',
    label: 'Special Offer',
    family: 'generic-event',
    pluginName: 'SPECIAL_OFFER',
    allowsDeactivation: false,
    tabs: null,
  }),
  kind({
    id: 'event/ce1',
    label: 'Collection Event 1 (deprecated)',
    family: 'generic-event',
    pluginName: 'COLLECTION_EVENT_ONE',
    allowsDeactivation: false,
    tabs: null,
    isDeprecated: true,
  }),
  kind({
    id: 'event/ce2',
    label: 'Collection Event 2 (deprecated)',
    family: 'generic-event',
    pluginName: 'COLLECTION_EVENT_TWO',
    allowsDeactivation: false,
    tabs: null,
    isDeprecated: true,
  }),
  kind({
    id: 'plugin/nuf',
    label: 'New User Flow',
    family: 'generic-plugin',
    pluginName: 'NEW_USER_FLOW',
    allowsDeactivation: false,
    tabs: null,
    hasActivation: false,
  }),
] as const satisfies readonly ConfigKindDefinition[];

export type ConfigKind = (typeof CONFIG_KINDS)[number];
export type ConfigKindId = ConfigKind['id'];
export type ConfigKindOf<Family extends ConfigFamily> = Extract<ConfigKind, { family: Family }>['id'];

export const CONFIG_KIND_IDS = CONFIG_KINDS.map((definition) => definition.id) as readonly ConfigKindId[];

/** The text for a kind (or prefix) no plugin answers to. */
export const UNKNOWN_PLUGIN_MESSAGE = 'Unknown plugin';

/** The kind of a route's {kind} ("ar", "event/gr"); undefined when unknown (answer "Unknown plugin"). */
export function findConfigKind(kindId: string): ConfigKindDefinition | undefined {
  return CONFIG_KINDS.find((definition) => definition.id === kindId);
}

export function isConfigKindId(kindId: string): kindId is ConfigKindId {
  return findConfigKind(kindId) !== undefined;
}

/** The definition of a known kind id. */
export function configKindOf(kindId: ConfigKindId): ConfigKindDefinition {
  return findConfigKind(kindId)!;
}

/** The kind serving a plugin, by id (7) or exact name ('SPECIAL_OFFER'); undefined for UNSUPPORTED or unknown. */
export function configKindOfPlugin(plugin: number | string): ConfigKindDefinition | undefined {
  return CONFIG_KINDS.find((definition) =>
    typeof plugin === 'number' ? definition.pluginId === plugin : definition.pluginName === plugin,
  );
}

/** The dropdown's groups: every family in CONFIG_FAMILY_LABELS order with its kinds. */
export function groupConfigKinds(): { family: ConfigFamily; label: string; kinds: ConfigKindDefinition[] }[] {
  return (Object.keys(CONFIG_FAMILY_LABELS) as ConfigFamily[]).map((family) => ({
    family,
    label: CONFIG_FAMILY_LABELS[family],
    kinds: CONFIG_KINDS.filter((definition) => definition.family === family),
  }));
}
