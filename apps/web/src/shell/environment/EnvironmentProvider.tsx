import { MESSAGES } from '@console/domain/errors';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { subscribeToApiEvents } from '../../api/client.ts';
import { confirmLeaving } from '../../components/form/unsavedChanges.ts';
import { useGlobalUi } from '../feedback/globalUi.context.ts';
import { branchOf } from './branch.ts';
import { type ActiveEnvironment, ActiveEnvironmentContext } from './environment.context.ts';
import { useEnvironmentListQuery } from './environment.queries.ts';
import { readActiveEnvironment, writeActiveEnvironment } from './environment.storage.ts';

const STORAGE_ERROR_TITLE = 'Local storage';
const NO_ENVIRONMENTS: readonly string[] = [];

/** The active environment, kept in local storage and checked against the listed ones. */
export function EnvironmentProvider({ children }: { children: ReactNode }) {
  const { showError } = useGlobalUi();
  const queryClient = useQueryClient();
  const [stored] = useState(readActiveEnvironment);
  const [chosen, setChosen] = useState(stored.id);
  const list = useEnvironmentListQuery();
  const environments = list.data ?? NO_ENVIRONMENTS;

  // If the stored environment is not listed, the first listed one is selected. A change request's branch is
  // never listed: it stays chosen while the environment it changes is listed.
  const firstListed = environments[0];
  const isListed = (id: string) => environments.includes(branchOf(id)?.base ?? id);
  const active = firstListed !== undefined && !isListed(chosen) ? firstListed : chosen;

  // The active environment was archived (a call in it answered 404 Unknown environment): re-list, so
  // the first listed (dev) is selected (docs/decisions/0066).
  const { refetch } = list;
  // A branch that is gone (its request applied or closed elsewhere) leaves the operator in the environment it
  // changed.
  useEffect(
    () =>
      subscribeToApiEvents((event) => {
        if (event.type !== 'unknown-environment' || event.environment !== active) return;
        const branch = branchOf(active);
        if (branch) setChosen(branch.base);
        else void refetch();
      }),
    [active, refetch],
  );

  useEffect(() => {
    if (!stored.isReadable) showError(STORAGE_ERROR_TITLE, MESSAGES.internalStorage);
  }, [stored, showError]);

  useEffect(() => {
    if (!writeActiveEnvironment(active)) showError(STORAGE_ERROR_TITLE, MESSAGES.internalStorage);
  }, [active, showError]);

  const select = useCallback(
    (id: string, { isSavedElsewhere = false }: { isSavedElsewhere?: boolean } = {}) => {
      // Another environment remounts the screen: unsaved changes on it are lost, so the operator is asked first.
      if (id !== active) {
        if (isSavedElsewhere) {
          setChosen(id);
          return;
        }
        void confirmLeaving().then((isConfirmed) => {
          if (isConfirmed) setChosen(id);
        });
        return;
      }
      // The same one is reloaded explicitly (another changes every query key, so screens refetch).
      void queryClient.invalidateQueries();
    },
    [active, queryClient],
  );

  // Screens wait for the list so they start on a listed environment; a failed list leaves the stored one.
  const isReady = !list.isPending;
  const value = useMemo<ActiveEnvironment>(
    () => ({ active, environments, isReady, select }),
    [active, environments, isReady, select],
  );
  return <ActiveEnvironmentContext value={value}>{children}</ActiveEnvironmentContext>;
}
