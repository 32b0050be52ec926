import { type AbTest, caseLabel, isRollout, WEIGHT_TOTAL } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import type { ExperimentResults } from '@console/domain/experiment';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, callEndpoint } from '../../../api/client.ts';
import { useActiveEnvironment } from '../../../shell/environment/environment.context.ts';
import { useGlobalUi } from '../../../shell/feedback/globalUi.context.ts';
import { useCurrentOperatorQuery } from '../../../shell/session/auth.queries.ts';
import {
  useActivateVersionMutation,
  useApplyRolloutMutation,
  useSaveVersionMutation,
} from '../abtest.queries.ts';
import { useDecideMutation } from './results.queries.ts';
import { harmedGuardrails } from './verdict.ts';

/** A version's weights giving every player to one case. */
export const weightsShipping = (caseCount: number, caseIndex: number) =>
  Array.from({ length: caseCount }, (_, index) => (index === caseIndex ? WEIGHT_TOTAL : 0));

/**
 * "Ship case N": the rollout of that case to every player of the test, through the calls the Versions
 * section and the rollout slider make — a rollout applies 0% or 100% treatment; any other type saves a new
 * version giving the case 100% and activates it. In an environment that requires review both calls go into
 * the operator's change request (opened, or their draft continued) instead, to be applied once approved.
 * Then the decision is recorded with the results it rested on (the ones on the screen: same version, method
 * and source).
 */
export function useShipCase(abTest: AbTest, results: ExperimentResults, onShipping: () => void) {
  const { confirm, showError, toast } = useGlobalUi();
  const { active } = useActiveEnvironment();
  const isReviewed =
    useCurrentOperatorQuery().data?.environments.find((entry) => entry.id === active)?.review?.isRequired ===
    true;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saveVersion = useSaveVersionMutation();
  const activateVersion = useActivateVersionMutation();
  const applyRollout = useApplyRolloutMutation();
  const decide = useDecideMutation();
  const isPending =
    saveVersion.isPending || activateVersion.isPending || applyRollout.isPending || decide.isPending;

  /** The rollout's calls, in the live environment or in a change request's branch. */
  const rollOut = async (caseIndex: number, branch: string | null) => {
    if (isRollout(abTest.data.type)) {
      // Rollout versions are [100 - treatment, treatment]: the control is case 1, the treatment case 2.
      const body = { id: abTest.id, treatment: caseIndex === 0 ? 0 : 100 };
      await (branch
        ? callEndpoint(api.abtest.applyRollout, { environment: branch, body })
        : applyRollout.mutateAsync(body));
      return;
    }
    const body = { id: abTest.id, weights: weightsShipping(results.weights.length, caseIndex) };
    const saved = branch
      ? await callEndpoint(api.abtest.saveVersion, { environment: branch, body })
      : await saveVersion.mutateAsync(body);
    const activation = { id: abTest.id, version: saved.version };
    await (branch
      ? callEndpoint(api.abtest.activateVersion, { environment: branch, body: activation })
      : activateVersion.mutateAsync(activation));
  };

  const ship = async (caseIndex: number) => {
    const { version, method, source } = results;
    if (version === null) return;
    const name = caseLabel(caseIndex);
    const harmed = harmedGuardrails(results, caseIndex);
    const isConfirmed = await confirm({
      title: `Ship ${name}?`,
      message:
        (isRollout(abTest.data.type)
          ? `The rollout gives ${name} 100% of the players of AB-test '${abTest.id}' and activates it.`
          : `A new version of AB-test '${abTest.id}' gives ${name} 100% of its players and is activated: ` +
            `every player of the test receives ${name}'s configuration.`) +
        // a guardrail is what the test must not harm: shipping past one is said before, not found after
        (harmed.length > 0
          ? ` ${name} is worse than the control on the guardrail ${harmed.join(', ')}.`
          : '') +
        (results.srm.isMismatch ? ' These results show a sample ratio mismatch.' : '') +
        (isReviewed
          ? ` ${active} requires review: the rollout is proposed in your change request and made once it is applied.`
          : ''),
    });
    if (!isConfirmed) return;
    // the results shown stay those of this version once the shipping version becomes the current one
    onShipping();
    try {
      if (isReviewed) {
        const request = await callEndpoint(api.changeRequest.open, { environment: active, body: {} });
        await rollOut(caseIndex, request.branch);
        await decide.mutateAsync({ abTestId: abTest.id, version, caseIndex, method, source });
        await queryClient.invalidateQueries({ queryKey: [api.changeRequest.open.feature] });
        toast(`${name} proposed in change request ${request.id} of ${request.environment}`, 'success', {
          kind: `abtest.split.${abTest.id}`,
          actions: [
            { label: 'Open change request', onClick: () => void navigate(`/change-requests/${request.id}`) },
          ],
        });
        return;
      }
      await rollOut(caseIndex, null);
      await decide.mutateAsync({ abTestId: abTest.id, version, caseIndex, method, source });
      toast(`${name} shipped: it now serves every player of AB-test ${abTest.id}`, 'success', {
        kind: `abtest.split.${abTest.id}`,
      });
    } catch (error) {
      if (error instanceof ApiError && error.isHandledGlobally) return;
      showError(`Shipping ${name} failed`, error instanceof Error ? error.message : String(error));
    }
  };
  return { ship, isPending };
}
