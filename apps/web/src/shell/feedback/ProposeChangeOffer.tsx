import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type RefusedCall, subscribeToApiEvents } from '../../api/client.ts';
import { useActiveEnvironment } from '../environment/environment.context.ts';
import { useCurrentOperatorQuery } from '../session/auth.queries.ts';
import { useGlobalUi } from './globalUi.context.ts';

const BypassReviewDialog = lazy(async () => ({
  default: (await import('./BypassReviewDialog.tsx')).BypassReviewDialog,
}));

/** The offer stays longer than a toast's 5 s: the operator reads why the change was refused, then decides. */
export const PROPOSE_OFFER_MS = 20_000;
export const PROPOSE_LABEL = 'Propose this change';
export const BYPASS_LABEL = 'Bypass review';

/**
 * For every screen at once: a change refused because its environment requires review is offered as a
 * proposal. "Propose this change" opens (or continues) the operator's change request, makes the same call in
 * its branch and moves the operator into the branch, on the same page. An admin of the environment may
 * instead bypass review with a reason (break glass). Rendered once by the shell.
 */
export function ProposeChangeOffer() {
  const { toast, showError } = useGlobalUi();
  const { select } = useActiveEnvironment();
  const queryClient = useQueryClient();
  const [bypassing, setBypassing] = useState<RefusedCall | null>(null);
  // Read when a refusal comes, not as a dependency: the subscription stays the same while rights load.
  const me = useCurrentOperatorQuery().data;
  const isAdminIn = useRef<(environment: string) => boolean>(() => false);
  isAdminIn.current = (environment) =>
    me?.environments.some((entry) => entry.id === environment && entry.role === 'admin') ?? false;

  useEffect(() => {
    const propose = async (call: RefusedCall) => {
      try {
        const { proposeChange } = await import('./proposeChange.ts');
        const proposed = await proposeChange(call);
        // The change is in the branch now: nothing on the screen is lost by entering it.
        select(proposed.branch, { isSavedElsewhere: true });
        await queryClient.invalidateQueries({ queryKey: ['changeRequest'] });
        toast(`Proposed in change request ${proposed.id} of ${proposed.environment}`, 'success', {
          kind: 'review-required',
        });
      } catch (error) {
        showError(PROPOSE_LABEL, error instanceof Error ? error.message : String(error));
      }
    };
    return subscribeToApiEvents((event) => {
      if (event.type !== 'review-required') return;
      const { call } = event;
      toast(call.message, 'warning', {
        kind: 'review-required',
        autoHideMs: PROPOSE_OFFER_MS,
        actions: [
          { label: PROPOSE_LABEL, onClick: () => void propose(call) },
          ...(isAdminIn.current(call.environment)
            ? [{ label: `${BYPASS_LABEL}…`, onClick: () => setBypassing(call) }]
            : []),
        ],
      });
    });
  }, [toast, showError, select, queryClient]);
  if (!bypassing) return null;
  return (
    <Suspense fallback={null}>
      <BypassReviewDialog call={bypassing} onClose={() => setBypassing(null)} />
    </Suspense>
  );
}
