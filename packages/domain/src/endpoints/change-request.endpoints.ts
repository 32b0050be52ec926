import { defineEndpoints } from '../api/endpoint.ts';
import {
  applyChangeRequestRequestSchema,
  awaitingCountSchema,
  bypassListSchema,
  changeRequestDetailsSchema,
  changeRequestDiffSchema,
  changeRequestIdRequestSchema,
  changeRequestListSchema,
  commentRequestSchema,
  listChangeRequestsRequestSchema,
  openChangeRequestRequestSchema,
  requestReviewRequestSchema,
  resolveConflictRequestSchema,
  reviewRequestSchema,
  saveChangeRequestRequestSchema,
  scheduleChangeRequestRequestSchema,
} from '../change-request/change-request.schemas.ts';
import { reviewPolicySchema, setReviewPolicyRequestSchema } from '../change-request/review-policy.ts';

// Change requests (docs/product.md, Change requests). ?configuration= names the environment a request
// changes (its parent, never the branch); the body's id names the request, which must be of that
// environment (404 otherwise). Proposing (open, edit in the branch, request review, comment, resolve,
// close one's own) needs an operator of the environment, also where it is protected; approving,
// rejecting, applying and scheduling need an admin of it.
export const changeRequestEndpoints = defineEndpoints('changeRequest', {
  list: {
    path: '/api/change-request/list',
    access: 'read',
    scope: 'global',
    summary:
      'List change requests, newest first: of one environment or all, filtered by status and author, ' +
      'paged by `before` (the last number shown)',
    body: listChangeRequestsRequestSchema,
    response: changeRequestListSchema,
  },
  awaiting: {
    path: '/api/change-request/awaiting',
    access: 'read',
    scope: 'global',
    summary:
      'How many requests in review the caller may approve and has not approved (the Security menu count)',
    response: awaitingCountSchema,
  },
  get: {
    path: '/api/change-request/get',
    access: 'read',
    summary:
      'One change request of ?configuration=: its status with history and comments, approvals and the policy',
    body: changeRequestIdRequestSchema,
    response: changeRequestDetailsSchema,
  },
  open: {
    path: '/api/change-request/open',
    access: 'propose',
    summary:
      "Open a change request in ?configuration= (or continue the caller's draft there, unless " +
      'continueDraft is false): its branch, a hidden copy of the content to edit with ?configuration=<branch>',
    body: openChangeRequestRequestSchema,
    response: changeRequestDetailsSchema,
  },
  save: {
    path: '/api/change-request/save',
    access: 'propose',
    summary: "Change a request's title and description (its author)",
    body: saveChangeRequestRequestSchema,
    response: changeRequestDetailsSchema,
  },
  diff: {
    path: '/api/change-request/diff',
    access: 'read',
    summary:
      'The request against the environment as it is now: per group what applying does, the field-level ' +
      'diff, conflicts (changed in the branch and live since it was made), what would be missing, the ' +
      'player impact per plugin, schedule conflicts, and a diffToken to send with apply',
    body: changeRequestIdRequestSchema,
    response: changeRequestDiffSchema,
  },
  requestReview: {
    path: '/api/change-request/request-review',
    access: 'propose',
    summary:
      'Ask for review (its author): draft, rejected or failed → in review; applyOnApproval applies it on ' +
      'the last approval needed',
    body: requestReviewRequestSchema,
    response: changeRequestDetailsSchema,
  },
  approve: {
    path: '/api/change-request/approve',
    access: 'admin',
    summary:
      'Approve (an admin of the environment; its author only where the policy allows). 409 while it has ' +
      'unresolved conflicts. With the approvals the policy requires it is approved (and applied when its ' +
      'author asked for that)',
    body: reviewRequestSchema,
    response: changeRequestDetailsSchema,
  },
  reject: {
    path: '/api/change-request/reject',
    access: 'admin',
    summary: 'Reject with a comment (an admin of the environment); its approvals are taken back',
    body: reviewRequestSchema,
    response: changeRequestDetailsSchema,
  },
  comment: {
    path: '/api/change-request/comment',
    access: 'propose',
    summary: "Add a comment to the request's thread",
    body: commentRequestSchema,
    response: changeRequestDetailsSchema,
  },
  resolve: {
    path: '/api/change-request/resolve',
    access: 'propose',
    summary:
      "Resolve one conflict (its author): 'mine' keeps the branch's item, 'live' takes the environment's " +
      'into the branch. Either way the item counts as based on the live one from then on',
    body: resolveConflictRequestSchema,
    response: changeRequestDiffSchema,
  },
  apply: {
    path: '/api/change-request/apply',
    access: 'admin',
    summary:
      'Apply an approved request now (an admin of the environment): every change, one audit entry naming ' +
      'author, approvers and request, one runtime revision; all or nothing. 409 on a conflict, on what ' +
      'the environment would lack, or when diffToken is given and anything changed since that diff',
    body: applyChangeRequestRequestSchema,
    response: changeRequestDetailsSchema,
  },
  schedule: {
    path: '/api/change-request/schedule',
    access: 'admin',
    summary:
      'Apply an approved request at `at` (UTC milliseconds), as the admin who scheduled it. At that time a ' +
      'conflict or content that no longer validates applies nothing: the request becomes failed with the reason',
    body: scheduleChangeRequestRequestSchema,
    response: changeRequestDetailsSchema,
  },
  close: {
    path: '/api/change-request/close',
    access: 'propose',
    summary: 'Close a request that is not applied (its author or an admin); its branch is archived',
    body: reviewRequestSchema,
    response: changeRequestDetailsSchema,
  },
  bypasses: {
    path: '/api/change-request/bypasses',
    access: 'read',
    summary: `Direct changes admins made in ?configuration= while it required review, with their reasons (newest 100)`,
    response: bypassListSchema,
  },
  policy: {
    path: '/api/change-request/policy',
    access: 'read',
    summary: 'The review policy of ?configuration=',
    response: reviewPolicySchema,
  },
  setPolicy: {
    path: '/api/change-request/policy/set',
    access: 'admin',
    summary:
      'Set the review policy of ?configuration= (its admins): review required, approvals 1-3, whether ' +
      'authors may approve their own, whether a change after an approval resets the approvals',
    body: setReviewPolicyRequestSchema,
    response: reviewPolicySchema,
  },
});
