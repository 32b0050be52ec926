import { DEFAULT_ENVIRONMENT } from '@console/domain/environment.constants';

// The active environment is kept under this local storage key.
export const ACTIVE_ENVIRONMENT_KEY = 'configuration.active';

export type StoredEnvironment = { isReadable: true; id: string } | { isReadable: false; id: string };

/**
 * Reads the stored active environment (JSON text), dev when nothing is stored.
 * unreadable stored data clears all local storage; the caller reports the error.
 */
export function readActiveEnvironment(storage: Storage = window.localStorage): StoredEnvironment {
  try {
    const raw = storage.getItem(ACTIVE_ENVIRONMENT_KEY);
    if (raw === null) return { isReadable: true, id: DEFAULT_ENVIRONMENT };
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'string' && value.length > 0) return { isReadable: true, id: value };
  } catch {
    // falls through to clearing
  }
  clearQuietly(storage);
  return { isReadable: false, id: DEFAULT_ENVIRONMENT };
}

/** Returns false when the browser refuses to store it. */
export function writeActiveEnvironment(id: string, storage: Storage = window.localStorage): boolean {
  try {
    storage.setItem(ACTIVE_ENVIRONMENT_KEY, JSON.stringify(id));
    return true;
  } catch {
    return false;
  }
}

function clearQuietly(storage: Storage): void {
  try {
    storage.clear();
  } catch {
    // storage that cannot be read cannot always be cleared either
  }
}
