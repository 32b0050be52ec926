import {
  type ActivateConfigRequest,
  altersWhatIsServed,
  CONFIG_MESSAGES,
  type ConfigItem,
  type ConfigItemInput,
  type ConfigKindDefinition,
  configChangesBetween,
  summarizeConfigUsage,
} from '@console/domain/config';
import { conflict, ruleViolation } from '@console/domain/errors';
import type { EnvironmentContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { unchanged } from '../../db/unit-of-work.ts';
import { configAudit, lockAndLoadConfig, requireConfig } from './config.loaders.ts';
import {
  type ConfigChanges,
  type ConfigKey,
  deleteConfig,
  insertConfig,
  updateConfig,
} from './config.store.ts';
import { findLiveReferences, findReferencesOf } from './config.usage.ts';

// Create, get, save, activate and delete one configuration of a kind.

export const getConfig = (ctx: EnvironmentContext, kind: ConfigKindDefinition, id: string) =>
  requireConfig(ctx.db, kind, { environmentId: ctx.environmentId, id });

/**
 * Decision (docs/decisions/0168): the kinds without deactivation (their form has no
 * activation checkbox) change `active` only through /activate; their save keeps the stored flag.
 */
export function activeFlagToSave(
  kind: ConfigKindDefinition,
  input: ConfigItemInput,
  stored: ConfigItem,
): boolean {
  return kind.allowsDeactivation ? input.active : stored.active;
}

/** A new configuration's ID must not exist, in any kind (409). */
export async function createConfig(
  ctx: EnvironmentContext,
  kind: ConfigKindDefinition,
  input: ConfigItemInput,
): Promise<ConfigItem> {
  const key = { environmentId: ctx.environmentId, id: input.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const inserted = await insertConfig(tx, { ...key, ...fieldsOf(input), lastModifier: ctx.actor.email });
    if (!inserted) throw conflict(CONFIG_MESSAGES.idExists(input.id));
    const result = await requireConfig(tx, kind, key);
    audit(
      configAudit(key, ctx.actor.email, 'config.create', {
        kind: kind.id,
        description: input.description,
        active: input.active,
      }),
    );
    return result;
  });
}

const fieldsOf = (input: Pick<ConfigItem, 'description' | 'active' | 'activation' | 'data'>) => ({
  description: input.description,
  active: input.active,
  activation: input.activation,
  data: input.data,
});

/**
 * A change an active plugin's players would get now is refused with "Update is not
 * allowed:" (the screen then offers /duplicate/reassign). Checked under the configuration's row
 * lock, so a reassignment moving the plugins away is either entirely before or entirely after.
 */
async function assertNotServed(tx: Tx, key: ConfigKey, changes: ConfigChanges): Promise<void> {
  if (!altersWhatIsServed(changes)) return;
  const live = await findLiveReferences(tx, key.environmentId, key.id);
  if (live.length > 0) throw ruleViolation(CONFIG_MESSAGES.updateNotAllowed(key.id, live));
}

/** /save: writes what differs; a save that changes nothing writes nothing (no audit entry). */
export async function saveConfig(
  ctx: EnvironmentContext,
  kind: ConfigKindDefinition,
  input: ConfigItemInput,
): Promise<ConfigItem> {
  const key = { environmentId: ctx.environmentId, id: input.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const stored = await lockAndLoadConfig(tx, kind, key);
    const changes = configChangesBetween(stored, {
      ...fieldsOf(input),
      active: activeFlagToSave(kind, input, stored),
    });
    if (Object.keys(changes).length === 0) unchanged(stored);
    await assertNotServed(tx, key, changes);
    await updateConfig(tx, key, changes, ctx.actor.email);
    const before = Object.fromEntries(
      Object.keys(changes).map((field) => [field, stored[field as keyof ConfigChanges]]),
    );
    const result = await requireConfig(tx, kind, key);
    audit(configAudit(key, ctx.actor.email, 'config.save', { kind: kind.id, before, after: { ...changes } }));
    return result;
  });
}

/**
 * /activate {id, active}, the list's switch. Switching off is refused on kinds without deactivation
 * (INFO) and while an active plugin serves the configuration ("Update is not allowed:").
 */
export async function activateConfig(
  ctx: EnvironmentContext,
  kind: ConfigKindDefinition,
  request: ActivateConfigRequest,
): Promise<ConfigItem> {
  const key = { environmentId: ctx.environmentId, id: request.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const stored = await lockAndLoadConfig(tx, kind, key);
    if (stored.active === request.active) unchanged(stored);
    if (!request.active && !kind.allowsDeactivation)
      throw ruleViolation(CONFIG_MESSAGES.cannotDeactivate(kind.label));
    await assertNotServed(tx, key, { active: request.active });
    await updateConfig(tx, key, { active: request.active }, ctx.actor.email);
    const result = await requireConfig(tx, kind, key);
    audit(
      configAudit(key, ctx.actor.email, request.active ? 'config.activate' : 'config.deactivate', {
        kind: kind.id,
      }),
    );
    return result;
  });
}

/** /delete: refused (409, naming them) while any plugin entry, active set or draft, points at it. */
export async function deleteConfigById(
  ctx: EnvironmentContext,
  kind: ConfigKindDefinition,
  id: string,
): Promise<{ id: string }> {
  const key = { environmentId: ctx.environmentId, id };
  return ctx.mutate(async ({ tx, audit }) => {
    const stored = await lockAndLoadConfig(tx, kind, key);
    const references = await findReferencesOf(tx, ctx.environmentId, id);
    if (references.length > 0) {
      throw ruleViolation(CONFIG_MESSAGES.inUse(id, summarizeConfigUsage(references).usedBy));
    }
    await deleteConfig(tx, key);
    audit(
      configAudit(key, ctx.actor.email, 'config.delete', {
        kind: kind.id,
        description: stored.description,
        active: stored.active,
        activation: stored.activation,
        data: stored.data,
      }),
    );
    return { id };
  });
}
