import { api } from '@console/domain/endpoints';
import {
  ALL_METRIC_KINDS,
  type CreateMetricRequest,
  createMetricRequestSchema,
  DEFAULT_CONVERSION_WINDOW_DAYS,
  METRIC_ID_MAX_LENGTH,
  METRIC_NAME_MAX_LENGTH,
  type Metric,
  type SaveMetricRequest,
  saveMetricRequestSchema,
} from '@console/domain/experiment';
import { EVENT_NAME_MAX_LENGTH } from '@console/domain/runtime';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { CheckboxFormField } from '../../components/form/CheckboxFormField.tsx';
import { Form } from '../../components/form/Form.tsx';
import { NumberFormField } from '../../components/form/NumberFormField.tsx';
import { SelectFormField } from '../../components/form/SelectFormField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { showServerFieldError } from '../../components/form/serverFieldError.ts';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import {
  METRIC_FIELD_LABELS,
  METRIC_KIND_HINTS,
  METRIC_KIND_LABELS,
  METRIC_TOAST,
} from './metrics.labels.ts';
import { useCreateMetricMutation, useSaveMetricMutation } from './metrics.queries.ts';

const KIND_OPTIONS = ALL_METRIC_KINDS.map((kind) => ({ value: kind, label: METRIC_KIND_LABELS[kind] }));

/** A failure the form could not place under one of its fields: above the form. */
function unplacedError(error: unknown): string | null {
  if (error instanceof ApiError && error.isHandledGlobally) return null;
  return error instanceof Error ? error.message : String(error);
}

/** "Create metric", or (given a metric) "Edit metric": its name and marks; what it measures is fixed. */
export function MetricDialog({ metric, onClose }: { metric: Metric | 'new' | null; onClose(): void }) {
  const titleId = useId();
  return (
    <Dialog open={metric !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{metric === 'new' ? 'Create metric' : 'Edit metric'}</DialogTitle>
      {/* Mounted only while open, so every opening starts from the metric as it is. */}
      {metric === 'new' && <CreateMetricForm onClose={onClose} />}
      {metric !== null && metric !== 'new' && <EditMetricForm metric={metric} onClose={onClose} />}
    </Dialog>
  );
}

function CreateMetricForm({ onClose }: { onClose(): void }) {
  const { toast } = useGlobalUi();
  const create = useCreateMetricMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm(createMetricRequestSchema, {
    labels: METRIC_FIELD_LABELS,
    // a field the kind does not use is left out of the request (the schema refuses it there)
    shouldUnregister: true,
    defaultValues: {
      id: '',
      name: '',
      kind: 'conversion',
      event: '',
      conversionWindowDays: DEFAULT_CONVERSION_WINDOW_DAYS,
      higherIsBetter: true,
      guardrail: false,
    },
  });
  const kind = form.watch('kind');
  const submit = (request: CreateMetricRequest) => {
    setError(null);
    create.mutate(request, {
      onSuccess: (created) => {
        toast(`Metric ${created.name} created`, 'success', METRIC_TOAST);
        onClose();
      },
      onError: (failure) => {
        const fields = ['id', 'name', 'kind', 'event', 'denominatorEvent', 'conversionWindowDays'] as const;
        if (!showServerFieldError(failure, form.setError, fields, METRIC_FIELD_LABELS))
          setError(unplacedError(failure));
      },
    });
  };
  return (
    <DialogContent>
      <Form form={form} onSubmit={submit} maxWidth={560}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextFormField
          name="id"
          label={METRIC_FIELD_LABELS.id}
          required
          autoFocus
          maxLength={METRIC_ID_MAX_LENGTH}
          hint="Letters, digits, - and _; fixed once created"
        />
        <TextFormField
          name="name"
          label={METRIC_FIELD_LABELS.name}
          required
          maxLength={METRIC_NAME_MAX_LENGTH}
        />
        <SelectFormField
          name="kind"
          label={METRIC_FIELD_LABELS.kind}
          options={KIND_OPTIONS}
          hint={METRIC_KIND_HINTS[kind]}
        />
        <TextFormField
          name="event"
          label={kind === 'ratio' ? 'Numerator event' : METRIC_FIELD_LABELS.event}
          required
          maxLength={EVENT_NAME_MAX_LENGTH}
          hint="The name game servers send with runtime.track(userId, event, value)"
        />
        {kind === 'ratio' && (
          <TextFormField
            name="denominatorEvent"
            label={METRIC_FIELD_LABELS.denominatorEvent}
            required
            maxLength={EVENT_NAME_MAX_LENGTH}
          />
        )}
        {kind === 'conversion' && (
          <NumberFormField name="conversionWindowDays" label={METRIC_FIELD_LABELS.conversionWindowDays} />
        )}
        <CheckboxFormField name="higherIsBetter" label={METRIC_FIELD_LABELS.higherIsBetter} />
        <CheckboxFormField name="guardrail" label="Guardrail (a metric the test must not harm)" />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          What a metric measures (kind, events, window) is fixed once it is created. Its numbers include the
          events players sent before it was created.
        </Typography>
        <DialogActions sx={{ px: 0 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={create.isPending} endpoint={api.experiment.createMetric}>
            Create
          </SubmitButton>
        </DialogActions>
      </Form>
    </DialogContent>
  );
}

function EditMetricForm({ metric, onClose }: { metric: Metric; onClose(): void }) {
  const { toast } = useGlobalUi();
  const save = useSaveMetricMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm(saveMetricRequestSchema, {
    labels: METRIC_FIELD_LABELS,
    defaultValues: {
      id: metric.id,
      name: metric.name,
      higherIsBetter: metric.higherIsBetter,
      guardrail: metric.guardrail,
    },
  });
  const submit = (request: SaveMetricRequest) => {
    setError(null);
    save.mutate(request, {
      onSuccess: (saved) => {
        toast(`Metric ${saved.name} saved`, 'success', METRIC_TOAST);
        onClose();
      },
      onError: (failure) => {
        if (!showServerFieldError(failure, form.setError, ['name'] as const, METRIC_FIELD_LABELS))
          setError(unplacedError(failure));
      },
    });
  };
  return (
    <DialogContent>
      <Form form={form} onSubmit={submit} maxWidth={560}>
        {error && <Alert severity="error">{error}</Alert>}
        <Typography variant="body2">
          {metric.id}: {METRIC_KIND_LABELS[metric.kind]} of {metric.event}
          {metric.denominatorEvent ? ` over ${metric.denominatorEvent}` : ''}
          {metric.conversionWindowDays ? ` within ${metric.conversionWindowDays} days` : ''} (fixed)
        </Typography>
        <TextFormField
          name="name"
          label={METRIC_FIELD_LABELS.name}
          required
          autoFocus
          maxLength={METRIC_NAME_MAX_LENGTH}
        />
        <CheckboxFormField name="higherIsBetter" label={METRIC_FIELD_LABELS.higherIsBetter} />
        <CheckboxFormField name="guardrail" label="Guardrail (a metric the test must not harm)" />
        <DialogActions sx={{ px: 0 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={save.isPending} endpoint={api.experiment.saveMetric}>
            Save
          </SubmitButton>
        </DialogActions>
      </Form>
    </DialogContent>
  );
}
