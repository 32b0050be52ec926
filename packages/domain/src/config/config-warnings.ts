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

export const configWarningSchema = z.object({
  code: z.enum(Object.values(ConfigWarningCode) as [ConfigWarningCode, ...ConfigWarningCode[]]),
  pluginId: z.number().int(),
  /** The configurations concerned, by id. */
  configIds: z.array(z.string()),
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
const quoted = (ids: readonly string[]) => ids.map((id) => `'${id}'`).join(', ');

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
      configIds: disabledUnused,
      message: `${label} configuration ${quoted(disabledUnused)} is disabled and not used: it can be removed safely.`,
    });
  }
  if (disabled.length > 1) {
    warnings.push({
      code: ConfigWarningCode.ManyDisabled,
      pluginId,
      configIds: disabled,
      message: `${disabled.length} ${label} configurations are disabled: ${quoted(disabled)}.`,
    });
  }
  if (activeUnused.length > MAX_ACTIVE_UNUSED_CONFIGS) {
    warnings.push({
      code: ConfigWarningCode.ManyActiveUnused,
      pluginId,
      configIds: activeUnused,
      message: `${activeUnused.length} active ${label} configurations are not used by any AB-test: ${quoted(activeUnused)}.`,
    });
  }
  // "The configuration list's warnings name it": the original the flow replaced, still switched on
  // while no plugin's active set or draft points at it.
  for (const item of [...items].sort((a, b) => a.extended.id.localeCompare(b.extended.id))) {
    if (!item.extended.active || item.inUse !== ConfigUsage.Unused || !item.replacedBy) continue;
    warnings.push({
      code: ConfigWarningCode.Replaced,
      pluginId,
      configIds: [item.extended.id],
      message: replacedMessage(item.extended.id, item.replacedBy),
    });
  }
  return warnings;
}

const replacedMessage = (id: string, copyId: string) =>
  `'${id}' was replaced by '${copyId}' and is still switched on: switch it off or delete it.`;
