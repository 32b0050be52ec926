import type { ConfigKindId } from '@console/domain/config';
import { type ConfigFormValues, newConfigValues } from './configForm.ts';

// The values of a new configuration's form are kept in the browser until a save succeeds.
// Decision (docs/decisions/0196): one draft per environment and kind, in localStorage.

export const configDraftKey = (environment: string, kind: ConfigKindId) =>
  `config.draft.${environment}.${kind}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The kept values over a new form's defaults, or the defaults when nothing (usable) is kept. A draft
 * of another kind or one that is not JSON is dropped; the schema judges the rest when it is saved.
 */
export function readConfigDraft(
  environment: string,
  kind: ConfigKindId,
  storage: Storage = window.localStorage,
): { values: ConfigFormValues; isDraft: boolean } {
  const defaults = newConfigValues(kind);
  const key = configDraftKey(environment, kind);
  let kept: unknown;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return { values: defaults, isDraft: false };
    kept = JSON.parse(raw);
  } catch {
    kept = undefined;
  }
  if (!isObject(kept) || !isObject(kept.data) || kept.data.kind !== kind) {
    removeQuietly(storage, key);
    return { values: defaults, isDraft: false };
  }
  const activation = isObject(kept.activation) ? kept.activation : {};
  const values = {
    ...defaults,
    ...kept,
    activation: { ...defaults.activation, ...activation },
    data: { ...(defaults.data as Record<string, unknown>), ...kept.data },
  } as ConfigFormValues;
  return { values, isDraft: true };
}

/** Returns false when the browser refuses to store it (the form works on without a draft). */
export function writeConfigDraft(
  environment: string,
  kind: ConfigKindId,
  values: ConfigFormValues,
  storage: Storage = window.localStorage,
): boolean {
  try {
    storage.setItem(configDraftKey(environment, kind), JSON.stringify(values));
    return true;
  } catch {
    return false;
  }
}

export function clearConfigDraft(
  environment: string,
  kind: ConfigKindId,
  storage: Storage = window.localStorage,
): void {
  removeQuietly(storage, configDraftKey(environment, kind));
}

function removeQuietly(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // a storage that cannot be read cannot always be written either
  }
}
