import { type AbTest, caseLabel, type ExperimentResults, isRollout, WEIGHT_TOTAL } from '@console/domain';
import { ApiError } from '../../../api/client.ts';
import { useGlobalUi } from '../../../shell/feedback/globalUi.context.ts';
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
 * version giving the case 100% and activates it. An environment that requires review refuses the change
 * like any other, and the shell's feedback offers to propose it there. Once the rollout is made, the decision
 * is recorded with the results it rested on (the ones on the screen: same version, method and source).
 */
export function useShipCase(abTest: AbTest, results: ExperimentResults, onShipping: () => void) {
  const { confirm, showError, toast } = useGlobalUi();
  const saveVersion = useSaveVersionMutation();
  const activateVersion = useActivateVersionMutation();
  const applyRollout = useApplyRolloutMutation();
  const decide = useDecideMutation();
  const isPending =
    saveVersion.isPending || activateVersion.isPending || applyRollout.isPending || decide.isPending;

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
        (results.srm.isMismatch ? ' These results show a sample ratio mismatch.' : ''),
    });
    if (!isConfirmed) return;
    // the results shown stay those of this version once the shipping version becomes the current one
    onShipping();
    try {
      if (isRollout(abTest.data.type)) {
        // Rollout versions are [100 - treatment, treatment]: the control is case 1, the treatment case 2.
        await applyRollout.mutateAsync({ id: abTest.id, treatment: caseIndex === 0 ? 0 : 100 });
      } else {
        const saved = await saveVersion.mutateAsync({
          id: abTest.id,
          weights: weightsShipping(results.weights.length, caseIndex),
        });
        await activateVersion.mutateAsync({ id: abTest.id, version: saved.version });
      }
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
