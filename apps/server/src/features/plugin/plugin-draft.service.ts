import {
  ABTEST_MESSAGES,
  type AbTest,
  assertRule,
  checkBaseRevision,
  conflict,
  findConfigKind,
  notFound,
  PLUGIN_MESSAGES,
  type PluginDetails,
  type PluginEntry,
  ruleViolation,
  type SaveDraftRequest,
} from '@console/domain';
import type { Db } from '../../db/client.ts';
import { mutate, type UnitOfWork } from '../../db/unit-of-work.ts';
import {
  lockPlugins,
  replacePluginEntries,
  shareLockAbTests,
  shareLockConfigurations,
  updatePluginDetails,
} from './plugin.store.ts';
import {
  abTestIdsOf,
  assertLocked,
  configIdsOf,
  loadAbTests,
  pluginAudit,
  readPluginDetails,
  requirePluginState,
  withStableLockSet,
} from './plugin-details.access.ts';

// Plugin draft and /api/plugin/draft/abtest {pluginId, configurations}: the autosave.

/** Every entry names an existing version of an existing A/B-test, with one slot per case. */
function assertEntriesFit(entries: readonly PluginEntry[], abTests: ReadonlyMap<string, AbTest>): void {
  for (const entry of entries) {
    const abTest = abTests.get(entry.abTestId);
    if (!abTest) throw notFound(PLUGIN_MESSAGES.abTestNotFound(entry.abTestId));
    const version = abTest.data.versions.find((candidate) => candidate.version === entry.abTestVersion);
    if (!version) throw notFound(ABTEST_MESSAGES.versionNotFound(entry.abTestId, entry.abTestVersion));
    if (version.cases.length !== entry.configurations.length)
      throw ruleViolation(
        PLUGIN_MESSAGES.caseCountMismatch(
          entry.abTestId,
          entry.abTestVersion,
          version.cases.length,
          entry.configurations.length,
        ),
      );
  }
}

/** Every chosen configuration exists and belongs to the plugin's kind (the picker's list). */
function assertConfigurationsFit(
  pluginId: number,
  configIds: readonly string[],
  found: readonly { id: string; kind: string }[],
): void {
  const kinds = new Map(found.map((row) => [row.id, row.kind]));
  for (const id of configIds) {
    const kind = kinds.get(id);
    if (kind === undefined) throw notFound(PLUGIN_MESSAGES.configurationNotFound(id));
    if (findConfigKind(kind)?.pluginId !== pluginId)
      throw ruleViolation(PLUGIN_MESSAGES.configurationOfOtherPlugin(id, pluginId));
  }
}

async function saveDraftOnce(
  { tx, audit }: UnitOfWork,
  environmentId: string,
  request: SaveDraftRequest,
  email: string,
): Promise<PluginDetails> {
  const { pluginId, configurations: entries } = request;
  const seen = await requirePluginState(tx, environmentId, pluginId);
  if (seen.draftRevision !== request.draftRevision)
    throw conflict(PLUGIN_MESSAGES.draftChanged(pluginId, request.draftRevision, seen.draftRevision));

  // Locks in the global order: configurations (FOR SHARE: the old draft's, which entries this
  // deletes, and the new one's), A/B-tests (FOR SHARE: a delete cannot pass its usage check), plugin.
  const configIds = configIdsOf(seen.draft, entries);
  const configurations = await shareLockConfigurations(tx, environmentId, configIds);
  const abTestIds = abTestIdsOf(entries);
  await shareLockAbTests(tx, environmentId, abTestIds);
  await lockPlugins(tx, environmentId, [pluginId]);

  const state = await requirePluginState(tx, environmentId, pluginId);
  assertLocked(configIds, configIdsOf(state.draft));
  if (state.draftRevision !== request.draftRevision)
    throw conflict(PLUGIN_MESSAGES.draftChanged(pluginId, request.draftRevision, state.draftRevision));
  assertRule(checkBaseRevision(pluginId, request.baseRevision, state));
  assertEntriesFit(entries, await loadAbTests(tx, environmentId, abTestIds));
  assertConfigurationsFit(pluginId, configIdsOf(entries), configurations);

  await replacePluginEntries(tx, environmentId, pluginId, 'draft', entries);
  const draftRevision = state.draftRevision + 1;
  const baseRevision = request.baseRevision ?? state.draftBaseRevision;
  await updatePluginDetails(
    tx,
    environmentId,
    pluginId,
    { draftRevision, draftBaseRevision: baseRevision },
    email,
  );
  audit(
    pluginAudit(environmentId, email, pluginId, 'plugin.draft.save', {
      draftRevision,
      baseRevision,
      before: state.draft,
      entries,
    }),
  );
  return readPluginDetails(tx, environmentId, pluginId);
}

/**
 * Replaces the whole draft (every draft edit autosaves it). Autosaves of one plugin run one after
 * the other under its row lock, and one wins only when it names the current draft revision, so an
 * edit made on an older draft is refused (409) instead of silently undoing the newer one. Answers
 * the plugin with the new draft revision.
 */
export function saveDraft(
  db: Db,
  environmentId: string,
  request: SaveDraftRequest,
  email: string,
): Promise<PluginDetails> {
  return withStableLockSet(request.pluginId, () =>
    mutate(db, (unit) => saveDraftOnce(unit, environmentId, request, email)),
  );
}
