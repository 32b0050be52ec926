import {
  ABTEST_DESCRIPTION_MAX_LENGTH,
  type AbTest,
  caseLabel,
  latestVersion,
  saveCaseDescriptionsRequestSchema,
} from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../api/client.ts';
import { ControlledTextFormField } from '../../components/form/ControlledTextFormField.tsx';
import { FormScope } from '../../components/form/FormScope.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { caseColorOf } from './abtest.labels.ts';
import { useSaveCaseDescriptionsMutation } from './abtest.queries.ts';

/** The cases to describe: those of the newest version (which may not be active yet). */
function caseCountOf(abTest: AbTest): number {
  return Math.max(latestVersion(abTest.data.versions)?.cases.length ?? 0, abTest.data.cases.length);
}

/** A description per case. */
export function CaseDescriptionsForm({ abTest }: { abTest: AbTest }) {
  const { toast } = useGlobalUi();
  const save = useSaveCaseDescriptionsMutation();
  const caseCount = caseCountOf(abTest);
  const form = useSchemaForm(saveCaseDescriptionsRequestSchema, {
    mode: 'onSubmit',
    values: {
      id: abTest.id,
      descriptions: Array.from({ length: caseCount }, (_, i) => abTest.data.caseDescriptions[i] ?? ''),
    },
  });
  const { handleSubmit, formState, reset } = form;
  useUnsavedChangesGuard(form, 'case-descriptions');
  const submit = handleSubmit((request) =>
    save.mutate(request, {
      onSuccess: () => {
        reset(request);
        toast('Case descriptions saved');
      },
    }),
  );
  const saveError = save.error instanceof ApiError && save.error.isHandledGlobally ? null : save.error;

  return (
    <Paper component="section" aria-label="Case descriptions" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Case descriptions
      </Typography>
      {caseCount === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>The cases appear with the first version.</Typography>
      ) : (
        <FormScope form={form}>
          <Box component="form" onSubmit={submit} noValidate>
            <Stack spacing={1.5}>
              {saveError && <Typography color="error">{saveError.message}</Typography>}
              {Array.from({ length: caseCount }, (_, index) => (
                <ControlledTextFormField
                  // biome-ignore lint/suspicious/noArrayIndexKey: a case is its position
                  key={index}
                  name={`descriptions.${index}`}
                  label={caseLabel(index)}
                  size="small"
                  maxLength={ABTEST_DESCRIPTION_MAX_LENGTH}
                  sx={{ '& .MuiInputBase-root': { borderLeft: 4, borderColor: caseColorOf(index) } }}
                />
              ))}
              <Box>
                <NeedsRight endpoint={api.abtest.saveCaseDescriptions}>
                  <Button type="submit" variant="outlined" disabled={!formState.isDirty || save.isPending}>
                    Save case descriptions
                  </Button>
                </NeedsRight>
              </Box>
            </Stack>
          </Box>
        </FormScope>
      )}
    </Paper>
  );
}
