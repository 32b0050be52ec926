import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import {
  type ApplyScheduler,
  applyChangeRequest,
  approveChangeRequest,
  runScheduledApply,
  scheduleChangeRequest,
} from './change-request.apply.ts';
import {
  closeChangeRequest,
  commentOn,
  contextOf,
  countAwaiting,
  diffChangeRequest,
  getChangeRequest,
  listChangeRequests,
  openChangeRequest,
  rejectChangeRequest,
  requestReview,
  resolveConflict,
  saveChangeRequest,
} from './change-request.service.ts';
import { getReviewPolicy, listBypasses, setReviewPolicy } from './review-policy.service.ts';

/** The job that applies a scheduled change request, as the admin who scheduled it. */
export const CHANGE_REQUEST_APPLY_JOB = 'change-request-apply';

// Change requests (docs/product.md, Change requests): ?configuration= is the environment a request changes.
export async function changeRequestRoutes(app: FastifyInstance) {
  const context = contextOf(
    app.db,
    app.transferGroups,
    () => app.environments.invalidate(),
    app.environmentSetup,
  );
  // The scheduled apply is a job of the console's queue (jobs/job-queue.ts), sent in the schedule's unit
  // of work: it survives restarts, one replica runs it, and a run that failed for another reason than the
  // request's own (a database gone) is retried with backoff.
  void app.jobs.define<{ id: number }>(
    CHANGE_REQUEST_APPLY_JOB,
    async (job) => {
      await runScheduledApply(context, job.data.id);
    },
    { retryLimit: 10, retryDelay: 5, retryBackoff: true },
  );
  const scheduler: ApplyScheduler = async (unit, { id, at }) => {
    await app.jobs.sendInTransaction(unit, CHANGE_REQUEST_APPLY_JOB, { id }, { startAfter: at });
  };
  registerEndpoint(app, api.changeRequest.list, ({ db, body }) => listChangeRequests(db, body));
  registerEndpoint(app, api.changeRequest.awaiting, ({ db, user }) => countAwaiting(db, user!));
  registerEndpoint(app, api.changeRequest.get, ({ db, environmentId, body }) =>
    getChangeRequest(db, environmentId, body.id),
  );
  registerEndpoint(app, api.changeRequest.open, ({ environmentId, email, body }) =>
    openChangeRequest(context, environmentId, email, body),
  );
  registerEndpoint(app, api.changeRequest.save, ({ environmentId, email, body }) =>
    saveChangeRequest(context, environmentId, email, body),
  );
  registerEndpoint(app, api.changeRequest.diff, ({ environmentId, body }) =>
    diffChangeRequest(context, environmentId, body.id),
  );
  registerEndpoint(app, api.changeRequest.requestReview, ({ environmentId, email, body }) =>
    requestReview(context, environmentId, email, body),
  );
  registerEndpoint(app, api.changeRequest.approve, ({ environmentId, email, body }) =>
    approveChangeRequest(context, environmentId, email, body),
  );
  registerEndpoint(app, api.changeRequest.reject, ({ environmentId, email, body }) =>
    rejectChangeRequest(context, environmentId, email, body),
  );
  registerEndpoint(app, api.changeRequest.comment, ({ environmentId, email, body }) =>
    commentOn(context, environmentId, email, body),
  );
  registerEndpoint(app, api.changeRequest.resolve, ({ environmentId, email, body }) =>
    resolveConflict(context, environmentId, email, body),
  );
  registerEndpoint(app, api.changeRequest.apply, ({ environmentId, email, body }) =>
    applyChangeRequest(context, environmentId, email, body),
  );
  registerEndpoint(app, api.changeRequest.schedule, ({ environmentId, email, body }) =>
    scheduleChangeRequest(context, scheduler, environmentId, email, body, app.clock()),
  );
  registerEndpoint(app, api.changeRequest.close, ({ environmentId, user, body }) =>
    closeChangeRequest(context, environmentId, user!, body),
  );
  registerEndpoint(app, api.changeRequest.bypasses, ({ db, environmentId }) =>
    listBypasses(db, environmentId),
  );
  registerEndpoint(app, api.changeRequest.policy, ({ db, environmentId }) =>
    getReviewPolicy(db, environmentId),
  );
  registerEndpoint(app, api.changeRequest.setPolicy, ({ db, environmentId, email, body }) =>
    setReviewPolicy(db, () => app.environments.invalidate(), environmentId, email, body),
  );
}
