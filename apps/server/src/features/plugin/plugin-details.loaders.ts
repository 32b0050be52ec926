import type { AbTest } from '@console/domain/abtest';
import { AUDIT_ATTRIBUTES, type AuditAction, type AuditAttributes } from '@console/domain/audit';
import { notFound } from '@console/domain/errors';
import { pluginNameOf } from '@console/domain/operations';
import {
  type ActivationPlan,
  type ActiveSetChange,
  describeStaleDraft,
  PLUGIN_MESSAGES,
  type PluginDetails,
  type PluginDraftState,
  type PluginEntry,
  planDraftActivation,
} from '@console/domain/plugin';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditRecord } from '../../db/unit-of-work.ts';
import { loadAbTestsById } from '../abtest/abtest.public.ts';
import { listActiveSetChanges } from '../audit/audit.public.ts';
import {
  findPluginIdsUsingAbTests,
  findPluginState,
  listPluginStates,
  type PluginStateRow,
} from './plugin.store.ts';

// Shared by the plugin details use cases: reading a plugin with its entries, the A/B-tests they
// refer to, the audit entry of a plugin change, and the stale-draft message.

/** A missing plugin is 404 "Plugin not found" (the id is in the request). */
export async function requirePluginState(db: Db | Tx, environmentId: string, pluginId: number) {
  const state = await findPluginState(db, environmentId, pluginId);
  if (!state) throw notFound(PLUGIN_MESSAGES.notFoundPage);
  return state;
}

export const toDraftState = (state: PluginStateRow): PluginDraftState => ({
  pluginId: state.plugin.id,
  active: state.active,
  draft: state.draft,
  activeRevision: state.activeRevision,
  draftRevision: state.draftRevision,
  draftBaseRevision: state.draftBaseRevision,
});

/** The A/B-tests of these ids, by id (absent ones left out). */
export const loadAbTests = loadAbTestsById;

export const abTestIdsOf = (...lists: readonly (readonly PluginEntry[])[]) =>
  [...new Set(lists.flat().map((entry) => entry.abTestId))].sort();

export const configIdsOf = (...lists: readonly (readonly PluginEntry[])[]) =>
  [
    ...new Set(
      lists
        .flat()
        .flatMap((entry) => entry.configurations)
        .filter((id) => id !== ''),
    ),
  ].sort();

/**
 * P and every plugin whose active set or draft holds one of the A/B-tests of P's draft: the plugins
 * activating P's draft may touch (the activation and its impact read the same set).
 */
export async function findInvolvedPluginIds(db: Db | Tx, environmentId: string, plugin: PluginStateRow) {
  const users = await findPluginIdsUsingAbTests(db, environmentId, abTestIdsOf(plugin.draft));
  return [...new Set([plugin.plugin.id, ...users])].sort((a, b) => a - b);
}

export const entriesOfAll = (states: readonly PluginStateRow[]) =>
  states.flatMap((state) => [state.active, state.draft]);

/** What activating a plugin's draft would do, read as the activation reads it. */
export interface DraftActivationRead {
  /** The plugin and every plugin the activation may touch, in id order. */
  states: PluginStateRow[];
  /** The A/B-tests of their entries, by id. */
  abTests: Map<string, AbTest>;
  plan: ActivationPlan;
}

/**
 * The activation's plan (planDraftActivation) over the plugins and A/B-tests it reads, unlocked: for
 * the reads that say beforehand what an activation does (the draft impact, the player preview).
 */
export async function readDraftActivationPlan(
  db: Db | Tx,
  environmentId: string,
  plugin: PluginStateRow,
): Promise<DraftActivationRead> {
  const pluginIds = await findInvolvedPluginIds(db, environmentId, plugin);
  const states = await listPluginStates(db, environmentId, pluginIds);
  const abTests = await loadAbTests(db, environmentId, abTestIdsOf(...entriesOfAll(states)));
  const plan = planDraftActivation(plugin.plugin.id, states.map(toDraftState), abTests);
  return { states, abTests, plan };
}

/** Plugin, as /get answers it: the row, both entry lists, revisions and their A/B-tests. */
export async function toPluginDetails(
  db: Db | Tx,
  environmentId: string,
  state: PluginStateRow,
): Promise<PluginDetails> {
  const abTests = await loadAbTests(db, environmentId, abTestIdsOf(state.active, state.draft));
  return {
    ...state.plugin,
    data: {
      active: state.active,
      draft: state.draft,
      activeRevision: state.activeRevision,
      draftRevision: state.draftRevision,
      draftBaseRevision: state.draftBaseRevision,
    },
    abTests: [...abTests.values()],
  };
}

export async function readPluginDetails(db: Db | Tx, environmentId: string, pluginId: number) {
  return toPluginDetails(db, environmentId, await requirePluginState(db, environmentId, pluginId));
}

/** The audit entry of a plugin change (the plugin, by name, is the target). */
export function pluginAudit<A extends Extract<AuditAction, `plugin.${string}`>>(
  environmentId: string,
  email: string,
  pluginId: number,
  action: A,
  attributes: AuditAttributes<A>,
): AuditRecord {
  return { environmentId, email, action, target: pluginNameOf(pluginId), attributes } as AuditRecord;
}

/** The audit actions that change a plugin's active set; their attributes carry `activeRevision`. */
const ACTIVE_SET_ACTIONS = ['plugin.draft.activate', 'plugin.entries.reassign'] as const;

function toActiveSetChange(row: {
  action: string;
  email: string;
  created: Date;
  attributes: unknown;
}): ActiveSetChange[] {
  const base = { email: row.email, created: row.created.getTime() };
  if (row.action === 'plugin.entries.reassign') {
    const parsed = AUDIT_ATTRIBUTES['plugin.entries.reassign'].safeParse(row.attributes);
    if (!parsed.success || parsed.data.activeRevision === undefined) return [];
    const { activeRevision, from, to } = parsed.data;
    return [{ ...base, activeRevision, how: { kind: 'reassigned', from, to } } satisfies ActiveSetChange];
  }
  const parsed = AUDIT_ATTRIBUTES['plugin.draft.activate'].safeParse(row.attributes);
  if (!parsed.success) return [];
  const { activeRevision, with: withPlugin } = parsed.data;
  const how: ActiveSetChange['how'] =
    withPlugin === undefined ? { kind: 'activated' } : { kind: 'alongside', pluginName: withPlugin };
  return [{ ...base, activeRevision, how } satisfies ActiveSetChange];
}

/**
 * A stale draft is refused with a message saying what changed: each change of the active
 * set since the draft's base, as the audit log has it.
 */
export async function staleDraftMessage(
  db: Db | Tx,
  environmentId: string,
  state: PluginDraftState,
): Promise<string> {
  const rows = await listActiveSetChanges(
    db,
    environmentId,
    pluginNameOf(state.pluginId),
    ACTIVE_SET_ACTIONS,
    state.draftBaseRevision,
  );
  return describeStaleDraft(state.pluginId, state, rows.flatMap(toActiveSetChange));
}
