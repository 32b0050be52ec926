import { z } from 'zod';

// Its own file, zod only: the session answer (auth.ts) carries each environment's policy to the web's first load.

// ---- review policy (per environment; approvers are its admins) ----

export const MIN_REQUIRED_APPROVALS = 1;
export const MAX_REQUIRED_APPROVALS = 3;

export const reviewPolicySchema = z.strictObject({
  /** Off by default everywhere: the specification's behaviour holds until an admin turns it on. */
  isRequired: z.boolean({ error: 'isRequired must be true or false' }),
  approvals: z
    .number({ error: 'approvals must be a number' })
    .int({ error: 'approvals must be a whole number' })
    .min(MIN_REQUIRED_APPROVALS, {
      error: `approvals must be ${MIN_REQUIRED_APPROVALS} to ${MAX_REQUIRED_APPROVALS}`,
    })
    .max(MAX_REQUIRED_APPROVALS, {
      error: `approvals must be ${MIN_REQUIRED_APPROVALS} to ${MAX_REQUIRED_APPROVALS}`,
    }),
  /** Whether an author may approve their own request. */
  allowSelfApproval: z.boolean({ error: 'allowSelfApproval must be true or false' }),
  /** Whether a change to the branch after an approval takes the approvals back. */
  resetApprovalsOnChange: z.boolean({ error: 'resetApprovalsOnChange must be true or false' }),
});
export type ReviewPolicy = z.infer<typeof reviewPolicySchema>;

export const DEFAULT_REVIEW_POLICY: ReviewPolicy = {
  isRequired: false,
  approvals: 1,
  allowSelfApproval: false,
  resetApprovalsOnChange: true,
};

export const setReviewPolicyRequestSchema = reviewPolicySchema;
export type SetReviewPolicyRequest = z.infer<typeof setReviewPolicyRequestSchema>;
