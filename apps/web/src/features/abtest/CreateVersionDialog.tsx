import {
  type AbTestVersion,
  addCase,
  checkDistribution,
  distributeEqually,
  formatPercentage,
  latestVersion,
  readPercentEntry,
  removeCase,
  type SaveVersionRequest,
  setCaseWeight,
  sumWeights,
  type VersionPercentsForm,
  validateWeights,
  versionPercentsFormSchema,
  WEIGHT_PER_PERCENT,
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
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { caseLabelOf } from './abtest.labels.ts';
import { useSaveVersionMutation } from './abtest.queries.ts';
import { WeightRow } from './WeightRow.tsx';

interface CreateVersionDialogProps {
  open: boolean;
  abTestId: string;
  versions: readonly AbTestVersion[];
  onClose(): void;
}

/** The "Create Version" modal. */
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

/** "100.00%", or with 4 decimals when 2 would round a total that is not exact (99.9999%). */
function formatTotal(total: number): string {
  const percent = weightToPercent(total);
  return formatPercentage(percent, total % (WEIGHT_PER_PERCENT / 100) === 0 ? 2 : 4);
}

/**
 * The texts after a change of the weights: the field being typed in keeps its text, a field whose
 * weight changed (or that the change wrote) shows the new weight, any other keeps what it shows.
 */
function textsAfter(
  texts: readonly string[],
  previous: readonly number[],
  next: readonly number[],
  { typed, written = () => false }: { typed?: number; written?: (index: number) => boolean } = {},
): string[] {
  return next.map((weight, i) =>
    i !== typed && (weight !== previous[i] || written(i)) ? percentTextOf(weight) : (texts[i] ?? ''),
  );
}

interface CreateVersionFormProps {
  abTestId: string;
  /** Decision: the form starts from the newest version's weights, or one case at 100%. */
  initialWeights: readonly number[];
  onClose(): void;
}

/**
 * Every field shows exactly what will be sent. An entry that does not read as a percent is
 * marked with the reason and changes nothing else; the total is the sum of what the fields show, and
 * Create is enabled only when every field is valid and they total exactly 100%.
 */
export function CreateVersionForm({ abTestId, initialWeights, onClose }: CreateVersionFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveVersionMutation();
  const { control, handleSubmit, setValue } = useForm<VersionPercentsForm, unknown, SaveVersionRequest>({
    resolver: zodResolver(versionPercentsFormSchema),
    defaultValues: { id: abTestId, percents: initialWeights.map(percentTextOf) },
  });
  const percents = useWatch({ control, name: 'percents' });
  // Each field's last valid weight: where the next edit is balanced from. Never sent: a valid field
  // always shows its weight, and an invalid one blocks Create.
  const [weights, setWeights] = useState(() => [...initialWeights]);
  const [notice, setNotice] = useState<string | null>(null);
  const entries = percents.map(readPercentEntry);

  const show = (nextWeights: number[], nextTexts: string[]) => {
    setWeights(nextWeights);
    setValue('percents', nextTexts);
    setNotice(null);
  };

  const typePercent = (index: number, text: string) => {
    const entry = readPercentEntry(text);
    if (!entry.ok) {
      show(
        weights,
        percents.map((t, i) => (i === index ? text : t)),
      );
      return;
    }
    const next = setCaseWeight(weights, index, entry.weight);
    show(next, textsAfter(percents, weights, next, { typed: index }).with(index, text));
  };

  const leave = (index: number) => {
    const entry = entries[index];
    // "12." or "12,5" reads as 12 / 12.5: leaving the field shows it the way it is sent.
    if (entry?.ok) setValue('percents', percents.with(index, percentTextOf(entry.weight)));
  };

  const distributeAfter = (index: number) => {
    const keptCount = index + 1;
    const invalidIndex = entries.slice(0, keptCount).findIndex((entry) => !entry.ok);
    if (invalidIndex >= 0) {
      setNotice(`${caseLabelOf(invalidIndex)} is not a valid percentage yet`);
      return;
    }
    const check = checkDistribution(weights, keptCount);
    if (!check.ok) {
      setNotice(check.error.message);
      return;
    }
    const next = distributeEqually(weights, keptCount);
    show(next, textsAfter(percents, weights, next, { written: (i) => i >= keptCount }));
  };

  const remove = (index: number) => {
    const next = removeCase(weights, index);
    const without = <T,>(list: readonly T[]) => list.filter((_, i) => i !== index);
    show(next, textsAfter(without(percents), without(weights), next));
  };

  const add = () => {
    const next = addCase(weights);
    show(next, [...percents, percentTextOf(next.at(-1) ?? 0)]);
  };

  const submit = handleSubmit((request) =>
    // Numeric weights are sent as texts.
    save.mutate(
      { id: request.id, weights: request.weights.map(String) },
      {
        onSuccess: (version) => {
          toast(`Version ${version.version} created`);
          onClose();
        },
      },
    ),
  );
  const saveError = save.error instanceof ApiError && save.error.isHandledGlobally ? null : save.error;
  const shownWeights = entries.map((entry) => (entry.ok ? entry.weight : 0));
  const invalidCount = entries.filter((entry) => !entry.ok).length;
  const check = validateWeights(shownWeights);
  const firstInvalid = entries.findIndex((entry) => !entry.ok);
  const problem =
    invalidCount === 1
      ? `${caseLabelOf(firstInvalid)} is invalid`
      : invalidCount > 1
        ? `${invalidCount} weights are invalid`
        : check.ok
          ? ''
          : check.error.message;

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={1.5}>
          {saveError && <Alert severity="error">{saveError.message}</Alert>}
          {percents.map((text, index) => {
            const entry = entries[index];
            return (
              <WeightRow
                // biome-ignore lint/suspicious/noArrayIndexKey: a case is its position
                key={index}
                index={index}
                text={text}
                error={entry && !entry.ok ? entry.message : undefined}
                hasLaterCases={index < percents.length - 1}
                onType={(typed) => typePercent(index, typed)}
                onBlur={() => leave(index)}
                onDistribute={() => distributeAfter(index)}
                onRemove={() => remove(index)}
              />
            );
          })}
          <div>
            <Button startIcon={<AddIcon />} onClick={add}>
              Add case
            </Button>
          </div>
          {notice && (
            <Alert severity="info" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          <Typography role="status" color={problem ? 'error' : 'text.primary'}>
            {`Total: ${formatTotal(sumWeights(shownWeights))}`}
            {problem ? ` — ${problem}` : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={problem !== '' || save.isPending}>
          Create
        </Button>
      </DialogActions>
    </form>
  );
}
