import {
  api,
  emptyPreviewForm,
  PLATFORMS,
  PluginId,
  type PluginName,
  type PreviewRequest,
  previewFormSchema,
  USER_ID_LABEL,
} from '@console/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Controller, FormProvider, useWatch } from 'react-hook-form';
import { Form } from '../../components/form/Form.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { UserIdField } from '../../components/form/UserIdField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { Page } from '../../components/Page.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner } from '../../shell/feedback/useErrorBanner.ts';
import { PreviewResults } from './PreviewResults.tsx';
import { usePlayerPreviewMutation } from './preview.queries.ts';

// Player preview: a player's id, segment properties, level and a time, and the content to
// resolve against (served now, a past revision, or a plugin's draft as if activated). The form's
// rules are the domain's previewFormSchema; the answer's sentences are the domain's (explain.ts).

// the configuration screens' date-time field (MUI X pickers), loaded only when this page shows
const DateTimeField = lazy(async () => ({
  default: (await import('../config/ActivationDateTimeField.tsx')).ActivationDateTimeField,
}));

const PLUGIN_NAMES = (Object.keys(PluginId) as PluginName[]).filter((name) => name !== 'UNSUPPORTED');

type FormInstance = ReturnType<typeof usePreviewForm>;

const usePreviewForm = () =>
  useSchemaForm(previewFormSchema, { defaultValues: emptyPreviewForm(), labels: { userId: USER_ID_LABEL } });

function SelectField({
  form,
  name,
  label,
  children,
}: {
  form: FormInstance;
  name: 'context.Platform' | 'context.Payer' | 'source.draftOfPlugin';
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          select
          label={label}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          {children}
        </TextField>
      )}
    />
  );
}

function SegmentFields({ form }: { form: FormInstance }) {
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
      <SelectField form={form} name="context.Platform" label="Platform">
        <MenuItem value="">Not given</MenuItem>
        {PLATFORMS.map((platform) => (
          <MenuItem key={platform} value={platform}>
            {platform}
          </MenuItem>
        ))}
      </SelectField>
      <TextFormField form={form} name="context.ClientVersion" label="ClientVersion" hint="e.g. 1.12.0" />
      <TextFormField
        form={form}
        name="context.FirstCountry"
        label="FirstCountry"
        hint="e.g. DE"
        maxLength={8}
      />
      <SelectField form={form} name="context.Payer" label="Payer">
        <MenuItem value="">Not given</MenuItem>
        <MenuItem value="true">true</MenuItem>
        <MenuItem value="false">false</MenuItem>
      </SelectField>
      <TextFormField form={form} name="context.PurchaseCount" label="PurchaseCount" inputMode="numeric" />
      <TextFormField form={form} name="context.PurchaseAmount" label="PurchaseAmount" inputMode="decimal" />
    </Stack>
  );
}

function SourceFields({ form }: { form: FormInstance }) {
  const kind = useWatch({ control: form.control, name: 'source.kind' });
  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="subtitle1" id="preview-source">
        Resolve against
      </Typography>
      <Controller
        name="source.kind"
        control={form.control}
        render={({ field }) => (
          <RadioGroup {...field} row aria-labelledby="preview-source">
            <FormControlLabel value="current" control={<Radio />} label="What game servers receive now" />
            <FormControlLabel value="revision" control={<Radio />} label="A past revision" />
            <FormControlLabel value="draft" control={<Radio />} label="A plugin's draft, as if activated" />
          </RadioGroup>
        )}
      />
      {kind === 'revision' && (
        <TextFormField
          form={form}
          name="source.revision"
          label="Revision"
          inputMode="numeric"
          sx={{ maxWidth: 200 }}
        />
      )}
      {kind === 'draft' && (
        <SelectField form={form} name="source.draftOfPlugin" label="Plugin">
          <MenuItem value="">Choose a plugin...</MenuItem>
          {PLUGIN_NAMES.map((name) => (
            <MenuItem key={name} value={String(PluginId[name])}>
              {name}
            </MenuItem>
          ))}
        </SelectField>
      )}
    </Stack>
  );
}

export function PlayerPreviewPage() {
  const banner = useErrorBanner();
  const preview = usePlayerPreviewMutation();
  const form = usePreviewForm();
  const submit = (request: PreviewRequest) => {
    banner.dismiss();
    preview.mutate(request, { onError: banner.report });
  };

  return (
    <Page title="Player preview">
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        What one player receives from each plugin, and why, resolved exactly as game servers resolve it.
        Segment properties left empty are not given (a condition on them does not hold).
      </Typography>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <FormProvider {...form}>
        <Form form={form} onSubmit={submit} maxWidth={900}>
          <UserIdField form={form} name="userId" />
          <SegmentFields form={form} />
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextFormField form={form} name="level" label="Level" hint="empty: level 1" inputMode="numeric" />
            <Suspense fallback={<TextField label="Time (UTC)" disabled />}>
              <DateTimeField name="at" label="Time" emptyMeaning="now" />
            </Suspense>
          </Stack>
          <SourceFields form={form} />
          <SubmitButton isPending={preview.isPending} endpoint={api.runtimePreview.preview}>
            Preview
          </SubmitButton>
        </Form>
      </FormProvider>
      {preview.data && <PreviewResults answer={preview.data} />}
    </Page>
  );
}
