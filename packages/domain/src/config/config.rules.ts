import { pluginNameOf } from '../operations/plugin.ts';
import {
  CONFIG_INFO_PREFIX,
  CONFIG_UPDATE_NOT_ALLOWED_PREFIX,
  type ConfigReference,
  ConfigUsage,
} from './config.api.schemas.ts';
import { CONFIG_ID_MAX_LENGTH } from './config-item.schemas.ts';

// The rules of configurations the server applies: usage of a configuration
// by plugin entries, the id of a copy, and the messages operators see.

/** One plugin entry pointing at a configuration, with what decides whether it serves players now. */
export interface ConfigReferenceView {
  pluginId: number;
  /** The plugin's entry list: its active set or its draft. */
  set: 'active' | 'draft';
  pluginActive: boolean;
  abTestActive: boolean;
  abTestId: string;
  abTestVersion: number;
}

/**
 * Served to players now: an entry of an active plugin's active set whose A/B-test is active
 * ("an active plugin serves now"). Such a configuration is not changed in place.
 */
export function isLiveReference(reference: Omit<ConfigReferenceView, 'abTestId' | 'abTestVersion'>): boolean {
  return reference.set === 'active' && reference.pluginActive && reference.abTestActive;
}

/** An entry moved by the "Update is not allowed" flow, and the A/B-test version it moves to. */
export interface ReassignMove<E> {
  entry: E;
  toVersion: number;
  /**
   * A draft entry on a version newer than the one served (the operator's pending version): the flow's new
   * active version would outrun it, so the flow gives the entry a new inactive version with that version's
   * weights, numbered after its own, and the draft stays activatable.
   */
  isPending?: true;
}

/**
 * Which entries holding the configuration move to its copy, and to which A/B-test version: every live
 * entry (an active plugin's active set, A/B-test active) to its A/B-test's new version; the drafts of
 * those plugins holding the configuration under the same A/B-test too, to the new version when they
 * were on the live entry's version, marked pending when on a newer one (isPending), else keeping theirs. `newVersions`: the version made
 * for each A/B-test of a live entry.
 */
export function planReassignMoves<E extends ConfigReferenceView>(
  entries: readonly E[],
  newVersions: ReadonlyMap<string, number>,
): ReassignMove<E>[] {
  const live = entries.filter(isLiveReference);
  const moves: ReassignMove<E>[] = [];
  for (const entry of entries) {
    const newVersion = newVersions.get(entry.abTestId);
    if (newVersion === undefined) continue;
    if (isLiveReference(entry)) {
      moves.push({ entry, toVersion: newVersion });
      continue;
    }
    const liveTwin = live.find(
      (candidate) => candidate.pluginId === entry.pluginId && candidate.abTestId === entry.abTestId,
    );
    if (entry.set !== 'draft' || !liveTwin) continue;
    if (entry.abTestVersion > liveTwin.abTestVersion)
      moves.push({ entry, toVersion: entry.abTestVersion, isPending: true });
    else
      moves.push({
        entry,
        toVersion: entry.abTestVersion === liveTwin.abTestVersion ? newVersion : entry.abTestVersion,
      });
  }
  return moves;
}

/** The list's inUse and usedBy of one configuration, from the entries pointing at it. */
export function summarizeConfigUsage(
  references: readonly Omit<ConfigReferenceView, 'abTestId' | 'abTestVersion'>[],
): {
  inUse: ConfigUsage;
  usedBy: ConfigReference[];
} {
  const bySet = new Map<string, ConfigReference>();
  for (const reference of references) {
    const key = `${reference.pluginId}/${reference.set}`;
    const known = bySet.get(key);
    const isLive = isLiveReference(reference) || (known?.isLive ?? false);
    bySet.set(key, {
      pluginId: reference.pluginId,
      pluginName: pluginNameOf(reference.pluginId),
      set: reference.set,
      isLive,
    });
  }
  const usedBy = [...bySet.values()].sort(
    (a, b) => a.pluginId - b.pluginId || (a.set === b.set ? 0 : a.set === 'active' ? -1 : 1),
  );
  const inUse = usedBy.some((reference) => reference.isLive)
    ? ConfigUsage.Live
    : usedBy.length > 0
      ? ConfigUsage.Assigned
      : ConfigUsage.Unused;
  return { inUse, usedBy };
}

// The copy id (docs/decisions/0187): `<base>-<n>`, the base being the id without a trailing
// "-<1 to 3 digits>", n one above the highest copy number in use (at least 2), the base cut so the
// id stays within 36 characters.
const COPY_SUFFIX = /-(\d{1,3})$/;

/** The id a copy is created under, given the ids the environment already holds (any kind). */
export function nextConfigCopyId(id: string, takenIds: Iterable<string>): string {
  const base = id.replace(COPY_SUFFIX, '') || id;
  const taken = new Set(takenIds);
  let highest = 1;
  for (const candidate of taken) {
    if (!candidate.startsWith(`${base}-`)) continue;
    const rest = candidate.slice(base.length + 1);
    if (/^\d{1,6}$/.test(rest)) highest = Math.max(highest, Number(rest));
  }
  for (let n = highest + 1; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, CONFIG_ID_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Every id a copy of `id` could take starts with this (the base cut for the longest suffix). */
export function copyIdPrefixOf(id: string): string {
  const base = id.replace(COPY_SUFFIX, '') || id;
  return base.slice(0, CONFIG_ID_MAX_LENGTH - 8);
}

const describeSets = (references: readonly ConfigReference[]) =>
  references
    .map((reference) => `${reference.pluginName} (${reference.set === 'active' ? 'active set' : 'draft'})`)
    .join(', ');

const describeLive = (
  references: readonly Pick<ConfigReferenceView, 'pluginId' | 'abTestId' | 'abTestVersion'>[],
) =>
  references
    .map(
      (reference) =>
        `${pluginNameOf(reference.pluginId)} (A/B-test '${reference.abTestId}' version ${reference.abTestVersion})`,
    )
    .join(', ');

export const CONFIG_MESSAGES = {
  notFound: (label: string, id: string) => `${label} configuration '${id}' not found`,
  idExists: (id: string) => `Configuration ID '${id}' already exists`,
  /** /delete: refused while any plugin entry, active set or draft, points at it. */
  inUse: (id: string, references: readonly ConfigReference[]) =>
    `Configuration '${id}' is used by ${describeSets(references)}; remove it from those plugins first`,
  /** The change would alter what an active plugin serves now. */
  updateNotAllowed: (
    id: string,
    live: readonly Pick<ConfigReferenceView, 'pluginId' | 'abTestId' | 'abTestVersion'>[],
  ) =>
    `${CONFIG_UPDATE_NOT_ALLOWED_PREFIX} configuration '${id}' is served now by ${describeLive(live)}; save the change as a copy and move those plugins to it`,
  /** Decision (docs/decisions/0168): kinds without deactivation stay active once activated. */
  cannotDeactivate: (label: string) =>
    `${CONFIG_INFO_PREFIX} ${label} configurations cannot be deactivated once active; delete the configuration when no plugin uses it`,
  /** The plugins holding it kept changing while the "Update is not allowed" flow ran (tried three times). */
  entriesChangedMeanwhile: (id: string) =>
    `The plugins using configuration '${id}' kept changing while this change ran; try again`,
} as const;
