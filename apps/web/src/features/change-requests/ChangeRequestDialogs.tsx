import {
  CHANGE_REQUEST_COMMENT_MAX_LENGTH,
  CHANGE_REQUEST_DESCRIPTION_MAX_LENGTH,
  CHANGE_REQUEST_TITLE_MAX_LENGTH,
  type ChangeRequestDetails,
  reviewRequestSchema,
  saveChangeRequestRequestSchema,
} from '@console/domain/change-request';
import { api } from '@console/domain/endpoints';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { CheckboxFormField } from '../../components/form/CheckboxFormField.tsx';
import { Form } from '../../components/form/Form.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useChangeRequestMutation } from './changeRequests.queries.ts';

/** The message of a failed call, unless the shell shows it itself (401, 500). */
export const shownError = (error: Error | null) =>
  error instanceof ApiError && error.isHandledGlobally ? null : error;

export function FormDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Mounted only while open: every opening starts from the request as it is. */}
      {open && children(titleId)}
    </Dialog>
  );
}

const requestReviewFormSchema = saveChangeRequestRequestSchema
  .omit({ id: true })
  .extend({ applyOnApproval: z.boolean() });

/** "Request review": the request's title and description, and whether the last approval applies it. */
export function RequestReviewDialog({
  request,
  open,
  onClose,
  onDone,
}: {
  request: ChangeRequestDetails;
  open: boolean;
  onClose(): void;
  onDone?(): void;
}) {
  return (
    <FormDialog open={open} title={`Request review of change request ${request.id}`} onClose={onClose}>
      {() => <RequestReviewForm request={request} onClose={onClose} {...(onDone ? { onDone } : {})} />}
    </FormDialog>
  );
}

function RequestReviewForm({
  request,
  onClose,
  onDone,
}: {
  request: ChangeRequestDetails;
  onClose(): void;
  onDone?(): void;
}) {
  const { toast } = useGlobalUi();
  const save = useChangeRequestMutation(api.changeRequest.save, request.environment);
  const ask = useChangeRequestMutation(api.changeRequest.requestReview, request.environment);
  const form = useSchemaForm(requestReviewFormSchema, {
    defaultValues: {
      title: request.title,
      description: request.description,
      applyOnApproval: request.applyOnApproval,
    },
  });
  const error = shownError(save.error ?? ask.error);
  const submit = async ({
    title,
    description,
    applyOnApproval,
  }: z.output<typeof requestReviewFormSchema>) => {
    try {
      await save.mutateAsync({ id: request.id, title, description });
      await ask.mutateAsync({ id: request.id, applyOnApproval });
      toast(`Change request ${request.id} is in review`);
      onClose();
      onDone?.();
    } catch {
      // shown in the dialog
    }
  };
  return (
    <DialogContent>
      <Form form={form} onSubmit={submit} maxWidth={560}>
        {error && <Alert severity="error">{error.message}</Alert>}
        <TextFormField
          name="title"
          label="Title"
          required
          autoFocus
          maxLength={CHANGE_REQUEST_TITLE_MAX_LENGTH}
        />
        <TextFormField
          name="description"
          label="Description"
          multiline
          minRows={3}
          maxLength={CHANGE_REQUEST_DESCRIPTION_MAX_LENGTH}
          hint="What changes and why, for the reviewers"
        />
        <CheckboxFormField name="applyOnApproval" label="Apply as soon as the last approval is given" />
        <DialogActions sx={{ px: 0 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={save.isPending || ask.isPending}>Request review</SubmitButton>
        </DialogActions>
      </Form>
    </DialogContent>
  );
}

const commentFormSchema = reviewRequestSchema.omit({ id: true }).extend({
  comment: z.string().max(CHANGE_REQUEST_COMMENT_MAX_LENGTH, {
    error: `comment must be at most ${CHANGE_REQUEST_COMMENT_MAX_LENGTH} characters`,
  }),
});

export type ReviewDecision = 'approve' | 'reject' | 'close';

const DECISIONS = {
  approve: { endpoint: api.changeRequest.approve, label: 'Approve', done: 'approved' },
  reject: { endpoint: api.changeRequest.reject, label: 'Reject', done: 'rejected' },
  close: { endpoint: api.changeRequest.close, label: 'Close request', done: 'closed' },
} as const;

/** Approve, Reject or Close, with a comment for the thread (a rejection says why). */
export function DecisionDialog({
  request,
  decision,
  onClose,
}: {
  request: ChangeRequestDetails;
  decision: ReviewDecision | null;
  onClose(): void;
}) {
  const shown = decision ?? 'approve';
  return (
    <FormDialog
      open={decision !== null}
      title={`${DECISIONS[shown].label} change request ${request.id}?`}
      onClose={onClose}
    >
      {() => <DecisionForm request={request} decision={shown} onClose={onClose} />}
    </FormDialog>
  );
}

function DecisionForm({
  request,
  decision,
  onClose,
}: {
  request: ChangeRequestDetails;
  decision: ReviewDecision;
  onClose(): void;
}) {
  const { endpoint, label, done } = DECISIONS[decision];
  const { toast } = useGlobalUi();
  const decide = useChangeRequestMutation(endpoint, request.environment);
  const form = useSchemaForm(
    decision === 'reject'
      ? commentFormSchema.extend({
          comment: commentFormSchema.shape.comment.trim().min(1, 'Say why it is rejected'),
        })
      : commentFormSchema,
    { defaultValues: { comment: '' } },
  );
  const error = shownError(decide.error);
  const submit = ({ comment }: { comment: string }) =>
    decide.mutate(
      { id: request.id, ...(comment.trim() === '' ? {} : { comment }) },
      {
        onSuccess: () => {
          toast(`Change request ${request.id} ${done}`);
          onClose();
        },
      },
    );
  return (
    <DialogContent>
      <Form form={form} onSubmit={submit} maxWidth={560}>
        {error && <Alert severity="error">{error.message}</Alert>}
        <TextFormField
          name="comment"
          label="Comment"
          multiline
          minRows={2}
          autoFocus
          required={decision === 'reject'}
          maxLength={CHANGE_REQUEST_COMMENT_MAX_LENGTH}
        />
        <DialogActions sx={{ px: 0 }}>
          <Button onClick={onClose}>Cancel</Button>
          {/* A contained error button lacks contrast in the dark theme of protected environments */}
          <SubmitButton
            isPending={decide.isPending}
            color={decision === 'approve' ? 'primary' : 'error'}
            variant={decision === 'approve' ? 'contained' : 'outlined'}
          >
            {label}
          </SubmitButton>
        </DialogActions>
      </Form>
    </DialogContent>
  );
}
