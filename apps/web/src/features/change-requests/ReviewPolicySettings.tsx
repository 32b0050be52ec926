import { type ReviewPolicy, reviewPolicySchema } from '@console/domain/change-request';
import { api } from '@console/domain/endpoints';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { CheckboxFormField } from '../../components/form/CheckboxFormField.tsx';
import { Form } from '../../components/form/Form.tsx';
import { NumberFormField } from '../../components/form/NumberFormField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { FormDialog, shownError } from './ChangeRequestDialogs.tsx';

/** "Review required, 2 approvals, authors may approve their own", or "No review". */
export function describeReviewPolicy(policy: ReviewPolicy): string {
  if (!policy.isRequired) return 'No review';
  const approvals = `${policy.approvals} approval${policy.approvals === 1 ? '' : 's'}`;
  return [
    `Review required, ${approvals}`,
    policy.allowSelfApproval ? 'authors may approve their own' : null,
    policy.resetApprovalsOnChange ? null : 'approvals kept after a change',
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/**
 * An environment's review policy beside its protection (Security > Users): what it is, and for its admins
 * the dialog that changes it. Approvers are the environment's admins.
 */
export function ReviewPolicySettings({
  environment,
  onError,
}: {
  environment: string;
  onError(error: unknown): void;
}) {
  const policy = useEndpointQuery(api.changeRequest.policy, undefined, { environment });
  const [isEditing, setEditing] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">
        {policy.data ? describeReviewPolicy(policy.data) : policy.isError ? 'Not loaded' : '…'}
      </Typography>
      <NeedsRight endpoint={api.changeRequest.setPolicy} environment={environment}>
        <Button
          size="small"
          disabled={!policy.data}
          aria-label={`Edit the review policy of ${environment}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
      </NeedsRight>
      {policy.data && (
        <FormDialog
          open={isEditing}
          title={`Review policy of ${environment}`}
          onClose={() => setEditing(false)}
        >
          {() => (
            <ReviewPolicyForm
              environment={environment}
              policy={policy.data}
              onClose={() => setEditing(false)}
              onError={onError}
            />
          )}
        </FormDialog>
      )}
    </Stack>
  );
}

function ReviewPolicyForm({
  environment,
  policy,
  onClose,
  onError,
}: {
  environment: string;
  policy: ReviewPolicy;
  onClose(): void;
  onError(error: unknown): void;
}) {
  const { toast } = useGlobalUi();
  // The operator's own rights and every environment's policy in the menu's data change with it.
  const save = useEndpointMutation(api.changeRequest.setPolicy, {
    environmentOf: () => environment,
    invalidates: ['auth'],
  });
  const form = useSchemaForm(reviewPolicySchema, { defaultValues: policy });
  const error = shownError(save.error);
  const submit = (next: ReviewPolicy) =>
    save.mutate(next, {
      onSuccess: () => {
        toast(`Review policy of ${environment} saved: ${describeReviewPolicy(next)}`);
        onClose();
      },
      onError,
    });
  return (
    <DialogContent>
      <Form form={form} onSubmit={submit} maxWidth={560}>
        {error && <Alert severity="error">{error.message}</Alert>}
        <Typography variant="body2" color="text.secondary">
          {`With review required, every change of what ${environment} holds is proposed in a change request ` +
            `and applied once ${environment}'s admins approve it.`}
        </Typography>
        <CheckboxFormField name="isRequired" label="Review required" />
        <NumberFormField name="approvals" label="Required approvals" />
        <CheckboxFormField name="allowSelfApproval" label="Authors may approve their own request" />
        <CheckboxFormField
          name="resetApprovalsOnChange"
          label="A change after an approval resets the approvals"
        />
        <DialogActions sx={{ px: 0 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={save.isPending}>Save</SubmitButton>
        </DialogActions>
      </Form>
    </DialogContent>
  );
}
