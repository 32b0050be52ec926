import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type RefusedCall, subscribeToApiEvents } from '../../api/client.ts';
import { useActiveEnvironment } from '../environment/environment.context.ts';
import { useGlobalUi } from './globalUi.context.ts';

/** The offer stays longer than a toast's 5 s: the operator reads why the change was refused, then decides. */
export const PROPOSE_OFFER_MS = 20_000;
export const PROPOSE_LABEL = 'Propose this change';

/**
 * For every screen at once: a change refused because its environment requires review is offered as a
 * proposal. "Propose this change" opens (or continues) the operator's change request, makes the same call in
 * its branch and moves the operator into the branch, on the same page. Rendered once by the shell.
 */
export function ProposeChangeOffer() {
  const { toast, showError } = useGlobalUi();
  const { select } = useActiveEnvironment();
  const queryClient = useQueryClient();

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
      toast(event.call.message, 'warning', {
        kind: 'review-required',
        autoHideMs: PROPOSE_OFFER_MS,
        actions: [{ label: PROPOSE_LABEL, onClick: () => void propose(event.call) }],
      });
    });
  }, [toast, showError, select, queryClient]);
  return null;
}
