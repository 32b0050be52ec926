import { BYPASS_REASON_MAX_LENGTH } from '@console/domain/change-request';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import type { RefusedCall } from '../../api/client.ts';
import { Form } from '../../components/form/Form.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useGlobalUi } from './globalUi.context.ts';
import { bypassReview, checkReasonText } from './proposeChange.ts';

const reasonFormSchema = z.object({
  reason: z.string().superRefine((reason, context) => {
    const problem = checkReasonText(reason);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  }),
});

/** "Bypass review": an admin makes the refused change directly, with the reason the audit keeps. Loaded on first use. */
export function BypassReviewDialog({ call, onClose }: { call: RefusedCall; onClose(): void }) {
  const titleId = useId();
  const { toast } = useGlobalUi();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const form = useSchemaForm(reasonFormSchema, { defaultValues: { reason: '' } });
  const submit = async ({ reason }: { reason: string }) => {
    setPending(true);
    try {
      await bypassReview(call, reason);
      await queryClient.invalidateQueries();
      toast(`Changed directly in ${call.environment}: review bypassed`, 'warning');
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{`Bypass review of ${call.environment}?`}</DialogTitle>
      <DialogContent>
        <Form form={form} onSubmit={submit} maxWidth={560}>
          <DialogContentText>
            {`The change reaches ${call.environment} at once, without a change request. The reason is kept in ` +
              'the audit log and shown with the change requests.'}
          </DialogContentText>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextFormField
            name="reason"
            label="Reason"
            required
            autoFocus
            maxLength={BYPASS_REASON_MAX_LENGTH}
          />
          <DialogActions sx={{ px: 0 }}>
            <Button onClick={onClose}>Cancel</Button>
            {/* A contained error button lacks contrast in the dark theme of protected environments */}
            <SubmitButton isPending={isPending} color="error" variant="outlined">
              Bypass review
            </SubmitButton>
          </DialogActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
