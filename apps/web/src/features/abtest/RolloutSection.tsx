import {
  type AbTest,
  formatPercentage,
  isTreatmentShareReduced,
  rolloutTreatmentPercent,
  rolloutWeights,
  toDisplayPercentages,
} from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { SliderField } from '../../components/form/SliderField.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { useApplyRolloutMutation } from './abtest.queries.ts';
import { CaseBars } from './CaseBars.tsx';
import { ReRandomiseCheckbox } from './ReRandomiseCheckbox.tsx';
import { SplitChangeImpact } from './SplitChangeImpact.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';

export const ROLLOUT_FAILED_TITLE = 'Rollout Failed';

/** Players leaving the treatment group fall back to control. */
export const treatmentShrinkMessage = (from: string, to: string) =>
  `The treatment group shrinks from ${from} to ${to}: players already in it move back to control.`;

const IMPACT_DEBOUNCE_MS = 300;

/** A rollout's "treatment group" slider; Apply saves [100 − t, t] and activates it. */
export function RolloutSection({ abTest }: { abTest: AbTest }) {
  const current = Math.round(rolloutTreatmentPercent(abTest.data.cases));
  const [treatment, setTreatment] = useState(current);
  const [reRandomise, setReRandomise] = useState(false);
  const apply = useApplyRolloutMutation();
  const { showError, toast } = useGlobalUi();
  const labelId = useId();
  const hasVersion = abTest.data.cases.length > 0;
  const isReduced = isTreatmentShareReduced(abTest.data.cases, treatment);
  const [controlShown = '', treatmentShown = ''] = toDisplayPercentages(rolloutWeights(treatment)).map((p) =>
    formatPercentage(p),
  );
  // The figure follows the slider once it rests, not one request per step of a drag.
  const settledTreatment = useDebouncedValue(treatment, IMPACT_DEBOUNCE_MS);
  const isChanging = !hasVersion || treatment !== current || reRandomise;
  const currentShown = formatPercentage(toDisplayPercentages(abTest.data.cases)[1] ?? 0);

  // mutateAsync, not mutate's callbacks: the applied version re-keys (remounts) this section, and
  // TanStack Query drops mutate() callbacks of an unmounted component, losing the toast.
  const submit = async () => {
    try {
      await apply.mutateAsync({ id: abTest.id, treatment, ...(reRandomise ? { reRandomise: true } : {}) });
      toast(
        `Rollout applied: ${treatmentShown} treatment${reRandomise ? ', every player re-split' : ''}`,
        'success',
        {
          kind: `abtest.split.${abTest.id}`,
        },
      );
    } catch (error) {
      if (!(error instanceof ApiError && error.isHandledGlobally))
        showError(ROLLOUT_FAILED_TITLE, error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Paper component="section" aria-label="Rollout" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Rollout
      </Typography>
      <Box sx={{ mb: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Current version
        </Typography>
        <CaseBars weights={abTest.data.cases} />
      </Box>
      <Typography id={labelId}>treatment group</Typography>
      {/* Room above the slider for its value bubble, which otherwise covers the label. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, maxWidth: 640, pt: 5 }}>
        <SliderField
          aria-labelledby={labelId}
          value={treatment}
          min={0}
          max={100}
          step={1}
          valueLabelDisplay="auto"
          getAriaValueText={(value) => `${value}%`}
          onChange={(_event, value) => setTreatment(value as number)}
        />
        <Typography sx={{ whiteSpace: 'nowrap' }} aria-live="polite">
          {`Control ${controlShown} · Treatment ${treatmentShown}`}
        </Typography>
      </Box>
      {isReduced && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {treatmentShrinkMessage(currentShown, treatmentShown)}
        </Alert>
      )}
      {/* With a current split, the operator may ask for a fresh one instead of the fewest moves. */}
      {hasVersion && <ReRandomiseCheckbox checked={reRandomise} onChange={setReRandomise} />}
      {isChanging && (
        <SplitChangeImpact
          request={{
            id: abTest.id,
            treatment: settledTreatment,
            ...(reRandomise ? { reRandomise: true } : {}),
          }}
        />
      )}
      <NeedsRight endpoint={api.abtest.applyRollout}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={apply.isPending || (hasVersion && treatment === current && !reRandomise)}
          sx={{ mt: 1 }}
        >
          Apply
        </Button>
      </NeedsRight>
    </Paper>
  );
}
