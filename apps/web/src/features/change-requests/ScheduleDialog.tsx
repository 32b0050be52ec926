import {
  type ChangeRequestDetails,
  checkScheduleTime,
  scheduleChangeRequestRequestSchema,
} from '@console/domain/change-request';
import { api } from '@console/domain/endpoints';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { DateTimeFormField, formatOperatorTime } from '../../components/form/DateTimeFormField.tsx';
import { Form } from '../../components/form/Form.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { FormDialog, shownError } from './ChangeRequestDialogs.tsx';
import { useChangeRequestMutation } from './changeRequests.queries.ts';

// Loaded when first opened: the MUI X date-time field and dayjs stay out of the review screen's chunk.

const scheduleFormSchema = scheduleChangeRequestRequestSchema
  .omit({ id: true })
  .superRefine(({ at }, context) => {
    const problem = checkScheduleTime(at, Date.now());
    if (problem !== null) context.addIssue({ code: 'custom', path: ['at'], message: problem });
  });

/** "Schedule": when the approved request is applied, entered in UTC with the operator's own time shown. */
export function ScheduleDialog({
  request,
  open,
  onClose,
}: {
  request: ChangeRequestDetails;
  open: boolean;
  onClose(): void;
}) {
  return (
    <FormDialog open={open} title={`Schedule change request ${request.id}`} onClose={onClose}>
      {() => <ScheduleForm request={request} onClose={onClose} />}
    </FormDialog>
  );
}

function ScheduleForm({ request, onClose }: { request: ChangeRequestDetails; onClose(): void }) {
  const { toast } = useGlobalUi();
  const schedule = useChangeRequestMutation(api.changeRequest.schedule, request.environment);
  const form = useSchemaForm(scheduleFormSchema, {
    // A quarter of an hour ahead, on the minute: a time the operator only adjusts.
    defaultValues: { at: Math.ceil((Date.now() + 15 * 60_000) / 60_000) * 60_000 },
  });
  const error = shownError(schedule.error);
  const submit = ({ at }: { at: number }) =>
    schedule.mutate(
      { id: request.id, at },
      {
        onSuccess: () => {
          toast(`Change request ${request.id} is applied at ${formatOperatorTime(at)}`);
          onClose();
        },
      },
    );
  return (
    <DialogContent>
      <Form form={form} onSubmit={submit} maxWidth={560}>
        {error && <Alert severity="error">{error.message}</Alert>}
        <DateTimeFormField name="at" label="Apply at" emptyMeaning="not scheduled" withSeconds />
        <DialogActions sx={{ px: 0 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={schedule.isPending}>Schedule</SubmitButton>
        </DialogActions>
      </Form>
    </DialogContent>
  );
}
