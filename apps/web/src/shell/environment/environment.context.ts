import { createContext, useContext } from 'react';

export interface ActiveEnvironment {
  /** The environment every screen acts on (`?configuration=`). */
  active: string;
  /** All environments, in the server's order; empty until listed. */
  environments: readonly string[];
  /** False until the environment list has been answered. */
  isReady: boolean;
  /**
   * Makes `id` active; every screen reloads its data. Unsaved changes on the screen are asked about first,
   * unless `isSavedElsewhere` (a change sent again into a change request's branch, which it then enters).
   */
  select(id: string, options?: { isSavedElsewhere?: boolean }): void;
}

export const ActiveEnvironmentContext = createContext<ActiveEnvironment | null>(null);

export function useActiveEnvironment(): ActiveEnvironment {
  const value = useContext(ActiveEnvironmentContext);
  if (!value) throw new Error('useActiveEnvironment must be used inside EnvironmentProvider');
  return value;
}
