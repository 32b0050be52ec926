import {
  CHANGE_REQUEST_COMMENT_MAX_LENGTH,
  CHANGE_REQUEST_STATUS_LABELS,
  type ChangeRequestEvent,
  ChangeRequestEventKind,
  commentRequestSchema,
} from '@console/domain/change-request';
import { api } from '@console/domain/endpoints';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Form } from '../../components/form/Form.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { formatDateTime } from '../../components/format.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { useChangeRequestMutation } from './changeRequests.queries.ts';

/** One line of the history, in the product's words. */
function describeEvent(event: ChangeRequestEvent): string {
  switch (event.kind) {
    case ChangeRequestEventKind.Status:
      return event.status === null
        ? 'Status changed'
        : `Status: ${CHANGE_REQUEST_STATUS_LABELS[event.status]}`;
    case ChangeRequestEventKind.Comment:
      return 'Comment';
    case ChangeRequestEventKind.Approval:
      return 'Approved';
    case ChangeRequestEventKind.ApprovalsReset:
      return 'Approvals reset: the request changed after an approval';
    case ChangeRequestEventKind.Resolution:
      return 'Conflict resolved';
  }
}

const commentFormSchema = commentRequestSchema.omit({ id: true });

/** The request's history (statuses, approvals, resolutions) and its comment thread, oldest first, then a new comment. */
export function ChangeRequestHistory({
  requestId,
  environment,
  history,
  onError,
}: {
  requestId: number;
  environment: string;
  history: readonly ChangeRequestEvent[];
  onError(error: unknown): void;
}) {
  const comment = useChangeRequestMutation(api.changeRequest.comment, environment);
  const form = useSchemaForm(commentFormSchema, { defaultValues: { comment: '' } });
  // A comment being written is not lost to a click elsewhere without asking.
  useUnsavedChangesGuard(form, 'change-request-comment');
  const submit = ({ comment: text }: { comment: string }) =>
    comment.mutate(
      { id: requestId, comment: text },
      { onSuccess: () => form.reset({ comment: '' }), onError },
    );
  return (
    <section aria-labelledby="cr-history">
      <Typography id="cr-history" variant="h5" component="h2" sx={{ mt: 2 }}>
        History and comments
      </Typography>
      <List dense aria-labelledby="cr-history">
        {history.map((event) => (
          <ListItem key={event.id} disableGutters>
            <ListItemText
              primary={`${describeEvent(event)} · ${event.email} · ${formatDateTime(event.at)}`}
              secondary={event.text === '' ? undefined : event.text}
              slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', color: 'text.primary' } } }}
            />
          </ListItem>
        ))}
      </List>
      <Form form={form} onSubmit={submit} maxWidth={640}>
        <TextFormField
          name="comment"
          label="Comment"
          multiline
          minRows={2}
          maxLength={CHANGE_REQUEST_COMMENT_MAX_LENGTH}
        />
        <NeedsRight endpoint={api.changeRequest.comment} environment={environment}>
          <SubmitButton isPending={comment.isPending} variant="outlined">
            Add comment
          </SubmitButton>
        </NeedsRight>
      </Form>
    </section>
  );
}
