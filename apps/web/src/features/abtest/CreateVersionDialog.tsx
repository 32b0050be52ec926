import {
  type AbTestVersion,
  addCase,
  canCreateVersion,
  distributeEqually,
  formatPercentage,
  latestVersion,
  percentToWeight,
  removeCase,
  type SaveVersionRequest,
  type SaveVersionRequestInput,
  saveVersionRequestSchema,
  setCaseWeight,
  sumWeights,
  validateWeights,
  weightToPercent,
} from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { useSaveVersionMutation } from './abtest.queries.ts';
import { WeightRow } from './WeightRow.tsx';

interface CreateVersionDialogProps {
  open: boolean;
  abTestId: string;
  versions: readonly AbTestVersion[];
  onClose(): void;
}

/** spec §2, §5: the "Create Version" modal. */
export function CreateVersionDialog({ open, abTestId, versions, onClose }: CreateVersionDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Create Version</DialogTitle>
      {open && (
        <CreateVersionForm
          abTestId={abTestId}
          initialWeights={latestVersion(versions)?.cases ?? addCase([])}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

const percentTextOf = (weight: number) => String(weightToPercent(weight));

/** A typed percent, or undefined while the text is not a number yet ("", "12."). */
function parsePercent(text: string): number | undefined {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$/.test(normalized)) return undefined;
  return Number(normalized);
}

interface CreateVersionFormProps {
  abTestId: string;
  /** Decision: the form starts from the newest version's weights, or one case at 100%. */
  initialWeights: readonly number[];
  onClose(): void;
}

export function CreateVersionForm({ abTestId, initialWeights, onClose }: CreateVersionFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveVersionMutation();
  const { control, handleSubmit, setValue } = useForm<SaveVersionRequestInput, unknown, SaveVersionRequest>({
    resolver: zodResolver(saveVersionRequestSchema),
    defaultValues: { id: abTestId, weights: [...initialWeights] },
  });
  const weights = useWatch({ control, name: 'weights' }) as number[];
  // The texts typed into the percent fields; a field being typed in keeps its own text.
  const [texts, setTexts] = useState(() => initialWeights.map(percentTextOf));

  const applyWeights = (next: number[], keptTextIndex?: number, keptText?: string) => {
    setValue('weights', next, { shouldValidate: true });
    setTexts(
      next.map((weight, i) =>
        i === keptTextIndex && keptText !== undefined ? keptText : percentTextOf(weight),
      ),
    );
  };

  const typePercent = (index: number, text: string) => {
    const percent = parsePercent(text);
    if (percent === undefined) {
      setTexts((current) => current.map((t, i) => (i === index ? text : t)));
      return;
    }
    applyWeights(setCaseWeight(weights, index, percentToWeight(percent)), index, text);
  };

  const submit = handleSubmit((request) =>
    // spec §5: numeric weights are sent as texts.
    save.mutate(
      { id: request.id, weights: request.weights.map(String) },
      {
        onSuccess: () => {
          toast('Version created');
          onClose();
        },
      },
    ),
  );
  const saveError = save.error instanceof ApiError && save.error.isHandledGlobally ? null : save.error;
  const check = validateWeights(weights);

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={1.5}>
          {saveError && <Alert severity="error">{saveError.message}</Alert>}
          {weights.map((weight, index) => (
            <WeightRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a case is its position
              key={index}
              index={index}
              text={texts[index] ?? percentTextOf(weight)}
              hasLaterCases={index < weights.length - 1}
              onType={(text) => typePercent(index, text)}
              onBlur={() => applyWeights(weights)}
              onDistribute={() => applyWeights(distributeEqually(weights, index + 1))}
              onRemove={() => applyWeights(removeCase(weights, index))}
            />
          ))}
          <div>
            <Button startIcon={<AddIcon />} onClick={() => applyWeights(addCase(weights))}>
              Add case
            </Button>
          </div>
          <Typography role="status" color={check.ok ? 'text.primary' : 'error'}>
            {`Total: ${formatPercentage(weightToPercent(sumWeights(weights)))}`}
            {check.ok ? '' : ` — ${check.error.message}`}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!canCreateVersion(weights) || save.isPending}>
          Create
        </Button>
      </DialogActions>
    </form>
  );
}
