import {
  type AbTestVersion,
  addCase,
  latestVersion,
  versionPercentsFormSchema,
} from '@console/domain/abtest';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ApiError } from '../../api/client.ts';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { AddIcon } from '../../components/icons.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useSaveVersionMutation } from './abtest.queries.ts';
import { percentTextOf, useVersionWeights } from './useVersionWeights.ts';
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

interface CreateVersionFormProps {
  abTestId: string;
  /** Decision: the form starts from the newest version's weights, or one case at 100%. */
  initialWeights: readonly number[];
  onClose(): void;
}

/** The weights of the cases (useVersionWeights); Create is enabled only when they are valid and total exactly 100%. */
export function CreateVersionForm({ abTestId, initialWeights, onClose }: CreateVersionFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveVersionMutation();
  const { control, handleSubmit, setValue } = useSchemaForm(versionPercentsFormSchema, {
    mode: 'onSubmit',
    defaultValues: { id: abTestId, percents: initialWeights.map(percentTextOf) },
  });
  const weights = useVersionWeights({ control, setValue }, initialWeights);

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

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={1.5}>
          {saveError && <Alert severity="error">{saveError.message}</Alert>}
          {weights.percents.map((text, index) => {
            const entry = weights.entries[index];
            return (
              <WeightRow
                // biome-ignore lint/suspicious/noArrayIndexKey: a case is its position
                key={index}
                index={index}
                text={text}
                error={entry && !entry.ok ? entry.message : undefined}
                hasLaterCases={index < weights.percents.length - 1}
                onType={(typed) => weights.type(index, typed)}
                onBlur={() => weights.leave(index)}
                onDistribute={() => weights.distributeAfter(index)}
                onRemove={() => weights.remove(index)}
              />
            );
          })}
          <div>
            <Button startIcon={<AddIcon />} onClick={weights.add}>
              Add case
            </Button>
          </div>
          {weights.notice && (
            <Alert severity="info" onClose={weights.dismissNotice}>
              {weights.notice}
            </Alert>
          )}
          <Typography role="status" color={weights.problem ? 'error' : 'text.primary'}>
            {`Total: ${weights.total}`}
            {weights.problem ? ` — ${weights.problem}` : ''}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={weights.problem !== '' || save.isPending}>
          Create
        </Button>
      </DialogActions>
    </form>
  );
}
