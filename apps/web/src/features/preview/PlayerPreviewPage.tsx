import { PLATFORMS } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import { PluginId, type PluginName } from '@console/domain/enums';
import { USER_ID_LABEL } from '@console/domain/operations';
import { emptyPreviewForm, type PreviewRequest, previewFormSchema } from '@console/domain/runtime';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Form } from '../../components/form/Form.tsx';
import { PlainTextField } from '../../components/form/PlainTextField.tsx';
import { RadioChoiceFormField } from '../../components/form/RadioChoiceField.tsx';
import { SelectFormField, type SelectOption } from '../../components/form/SelectFormField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { UserIdFormField } from '../../components/form/UserIdFormField.tsx';
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
  default: (await import('../../components/form/DateTimeFormField.tsx')).DateTimeFormField,
}));

// Segment properties and the plugin are texts in the form; '' is "not given".
const NOT_GIVEN: SelectOption<string> = { value: '', label: 'Not given' };
const PLATFORM_OPTIONS: readonly SelectOption<string>[] = [
  NOT_GIVEN,
  ...PLATFORMS.map((platform) => ({ value: platform, label: platform })),
];
const PAYER_OPTIONS: readonly SelectOption<string>[] = [
  NOT_GIVEN,
  { value: 'true', label: 'true' },
  { value: 'false', label: 'false' },
];
const PLUGIN_OPTIONS: readonly SelectOption<string>[] = [
  { value: '', label: 'Choose a plugin...' },
  ...(Object.keys(PluginId) as PluginName[])
    .filter((name) => name !== 'UNSUPPORTED')
    .map((name) => ({ value: String(PluginId[name]), label: name })),
];

const SOURCE_KIND_OPTIONS: readonly SelectOption<string>[] = [
  { value: 'current', label: 'What game servers receive now' },
  { value: 'revision', label: 'A past revision' },
  { value: 'draft', label: "A plugin's draft, as if activated" },
];

const usePreviewForm = () =>
  useSchemaForm(previewFormSchema, { defaultValues: emptyPreviewForm(), labels: { userId: USER_ID_LABEL } });

function SegmentFields() {
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
      <SelectFormField name="context.Platform" label="Platform" options={PLATFORM_OPTIONS} />
      <TextFormField name="context.ClientVersion" label="ClientVersion" hint="e.g. 1.12.0" />
      <TextFormField name="context.FirstCountry" label="FirstCountry" hint="e.g. DE" maxLength={8} />
      <SelectFormField name="context.Payer" label="Payer" options={PAYER_OPTIONS} />
      <TextFormField name="context.PurchaseCount" label="PurchaseCount" inputMode="numeric" />
      <TextFormField name="context.PurchaseAmount" label="PurchaseAmount" inputMode="decimal" />
    </Stack>
  );
}

function SourceFields() {
  const form = useFormContext();
  const kind = useWatch({ control: form.control, name: 'source.kind' });
  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="subtitle1" id="preview-source">
        Resolve against
      </Typography>
      <RadioChoiceFormField name="source.kind" labelledBy="preview-source" options={SOURCE_KIND_OPTIONS} />
      {kind === 'revision' && (
        <TextFormField name="source.revision" label="Revision" inputMode="numeric" sx={{ maxWidth: 200 }} />
      )}
      {kind === 'draft' && (
        <SelectFormField name="source.draftOfPlugin" label="Plugin" options={PLUGIN_OPTIONS} />
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
      <Form form={form} onSubmit={submit} maxWidth={900}>
        <UserIdFormField />
        <SegmentFields />
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextFormField name="level" label="Level" hint="empty: level 1" inputMode="numeric" />
          <Suspense fallback={<PlainTextField label="Time (UTC)" disabled />}>
            <DateTimeField name="at" label="Time" emptyMeaning="now" />
          </Suspense>
        </Stack>
        <SourceFields />
        <SubmitButton isPending={preview.isPending} endpoint={api.runtimePreview.preview}>
          Preview
        </SubmitButton>
      </Form>
      {preview.data && <PreviewResults answer={preview.data} />}
    </Page>
  );
}
