import { api } from '@console/domain/endpoints';
import {
  PROGRESSION_EOC_MIN,
  PROGRESSION_LEVEL_MIN,
  PROGRESSION_STREAK_MAX,
  PROGRESSION_STREAK_MIN,
  SET_PROGRESSION_LABELS,
  type SetProgressionRequest,
  setProgressionRequestSchema,
} from '@console/domain/operations';
import Box from '@mui/material/Box';
import { Form } from '../../components/form/Form.tsx';
import { NumberFormField } from '../../components/form/NumberFormField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { UserIdFormField } from '../../components/form/UserIdFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { Page } from '../../components/Page.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner } from '../../shell/feedback/useErrorBanner.ts';
import { useSetProgressionMutation } from './progression.queries.ts';

/** User Admin: set a player's progression; the server's answer is shown raw. */
export function UserAdminPage() {
  const banner = useErrorBanner();
  const setProgression = useSetProgressionMutation();
  const form = useSchemaForm(setProgressionRequestSchema, {
    defaultValues: {
      userId: '',
      level: PROGRESSION_LEVEL_MIN,
      eoc: PROGRESSION_EOC_MIN,
      streak: PROGRESSION_STREAK_MIN,
    },
    labels: SET_PROGRESSION_LABELS,
  });
  useUnsavedChangesGuard(form, 'progression');

  const submit = (request: SetProgressionRequest) =>
    setProgression.mutate(request, { onError: banner.report });

  return (
    <Page title="User Admin">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Form form={form} onSubmit={submit}>
        <UserIdFormField />
        <NumberFormField name="level" label={SET_PROGRESSION_LABELS.level} />
        <NumberFormField name="eoc" label={SET_PROGRESSION_LABELS.eoc} />
        <NumberFormField
          name="streak"
          label={SET_PROGRESSION_LABELS.streak}
          hint={`${PROGRESSION_STREAK_MIN} to ${PROGRESSION_STREAK_MAX}`}
        />
        <SubmitButton isPending={setProgression.isPending} endpoint={api.progression.set}>
          Set
        </SubmitButton>
      </Form>
      {setProgression.isSuccess && (
        <Box
          component="pre"
          aria-label="Server response"
          sx={{
            mt: 3,
            p: 2,
            maxWidth: 640,
            overflowX: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: 13,
          }}
        >
          {JSON.stringify(setProgression.data, null, 2)}
        </Box>
      )}
    </Page>
  );
}
