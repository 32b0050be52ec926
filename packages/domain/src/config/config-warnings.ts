import { z } from 'zod';
import { type ConfigListItem, ConfigUsage } from './config.api.schemas.ts';
import { CONFIG_KINDS, configKindOfPlugin } from './config-kinds.ts';

// "List warnings": the box above the configuration list (docs/product.md, Configurations, "Warnings
// box"): each rule is counted per configuration type (plugin), since a plugin picks
// among the configurations of its own type; "not used by any AB-test" is inUse 'unused' (no plugin
// entry, and so no A/B-test case, points at it).

export const ConfigWarningCode = {
  /** Exactly one disabled configuration of a type, and nothing uses it. */
  Removable: 'removable',
  /** More than one disabled configuration of a type. */
  ManyDisabled: 'many-disabled',
  /** More than 2 active configurations of a type that no A/B-test uses. */
  ManyActiveUnused: 'many-active-unused',
  /** An original the "Update is not allowed" flow replaced, still active and used by no plugin. */
  Replaced: 'replaced',
} as const;
export type ConfigWarningCode = (typeof ConfigWarningCode)[keyof typeof ConfigWarningCode];

/** More than 2 active configurations not used by any AB-test. */
export const MAX_ACTIVE_UNUSED_CONFIGS = 2;

/**
 * A warning names at most this many configurations, then says how many more it concerns: a fifth-year
 * environment's type can have thousands, which no box can show and no operator reads.
 */
export const CONFIG_WARNING_NAMED_IDS = 5;

export const configWarningSchema = z.object({
  code: z.enum(Object.values(ConfigWarningCode) as [ConfigWarningCode, ...ConfigWarningCode[]]),
  pluginId: z.number().int(),
  /** The configurations the message names, by id: the first CONFIG_WARNING_NAMED_IDS of those concerned. */
  configIds: z.array(z.string()),
  /** How many configurations the warning concerns (configIds names the first of them). */
  count: z.number().int(),
  message: z.string(),
});
export type ConfigWarning = z.infer<typeof configWarningSchema>;

/** /api/plugin/config/warnings: the list's warnings, worked out by the server over every configuration. */
export const configWarningsResponseSchema = z.array(configWarningSchema);

type WarningInput = { extended: Pick<ConfigListItem['extended'], 'id' | 'active' | 'data'> } & Pick<
  ConfigListItem,
  'inUse'
> &
  Partial<Pick<ConfigListItem, 'replacedBy'>>;

const typeLabelOf = (pluginId: number) => configKindOfPlugin(pluginId)?.label ?? `Plugin ${pluginId}`;
/** The ids a message names, in order: the first few quoted, then "and N more" for the rest. */
export function namedConfigIds(ids: readonly string[]): string {
  const named = ids
    .slice(0, CONFIG_WARNING_NAMED_IDS)
    .map((id) => `'${id}'`)
    .join(', ');
  const more = ids.length - CONFIG_WARNING_NAMED_IDS;
  return more > 0 ? `${named} and ${more.toLocaleString('en-US')} more` : named;
}

/** A warning's configIds and count: the ids it names, and how many it concerns. */
const concerning = (ids: readonly string[]) => ({
  configIds: ids.slice(0, CONFIG_WARNING_NAMED_IDS),
  count: ids.length,
});

/** The list's warnings: per type in the registry's order (unknown plugins last), each rule in the product's order. */
export function listConfigWarnings(items: readonly WarningInput[]): ConfigWarning[] {
  const byPlugin = new Map<number, WarningInput[]>();
  for (const item of items) {
    const pluginId = item.extended.data.pluginId;
    byPlugin.set(pluginId, [...(byPlugin.get(pluginId) ?? []), item]);
  }
  const rank = (pluginId: number) => {
    const index = CONFIG_KINDS.findIndex((kind) => kind.pluginId === pluginId);
    return index === -1 ? CONFIG_KINDS.length : index;
  };
  const pluginIds = [...byPlugin.keys()].sort((a, b) => rank(a) - rank(b) || a - b);
  return pluginIds.flatMap((pluginId) => warningsOfType(pluginId, byPlugin.get(pluginId) ?? []));
}

function warningsOfType(pluginId: number, items: readonly WarningInput[]): ConfigWarning[] {
  const label = typeLabelOf(pluginId);
  const idsOf = (predicate: (item: WarningInput) => boolean) =>
    items
      .filter(predicate)
      .map((item) => item.extended.id)
      .sort((a, b) => a.localeCompare(b));
  const disabled = idsOf((item) => !item.extended.active);
  const disabledUnused = idsOf((item) => !item.extended.active && item.inUse === ConfigUsage.Unused);
  const activeUnused = idsOf((item) => item.extended.active && item.inUse === ConfigUsage.Unused);

  const warnings: ConfigWarning[] = [];
  if (disabled.length === 1 && disabledUnused.length === 1) {
    warnings.push({
      code: ConfigWarningCode.Removable,
      pluginId,
      ...concerning(disabledUnused),
      message: `${label} configuration ${namedConfigIds(disabledUnused)} is disabled and not used: it can be removed safely.`,
    });
  }
  if (disabled.length > 1) {
    warnings.push({
      code: ConfigWarningCode.ManyDisabled,
      pluginId,
      ...concerning(disabled),
      message: `${disabled.length.toLocaleString('en-US')} ${label} configurations are disabled: ${namedConfigIds(disabled)}.`,
    });
  }
  if (activeUnused.length > MAX_ACTIVE_UNUSED_CONFIGS) {
    warnings.push({
      code: ConfigWarningCode.ManyActiveUnused,
      pluginId,
      ...concerning(activeUnused),
      message: `${activeUnused.length.toLocaleString('en-US')} active ${label} configurations are not used by any AB-test: ${namedConfigIds(activeUnused)}.`,
    });
  }
  // "The configuration list's warnings name it": the original the flow replaced, still switched on
  // while no plugin's active set or draft points at it.
  for (const item of [...items].sort((a, b) => a.extended.id.localeCompare(b.extended.id))) {
    if (!item.extended.active || item.inUse !== ConfigUsage.Unused || !item.replacedBy) continue;
    warnings.push({
      code: ConfigWarningCode.Replaced,
      pluginId,
      ...concerning([item.extended.id]),
      message: replacedMessage(item.extended.id, item.replacedBy),
    });
  }
  return warnings;
}

const replacedMessage = (id: string, copyId: string) =>
  `'${id}' was replaced by '${copyId}' and is still switched on: switch it off or delete it.`;
