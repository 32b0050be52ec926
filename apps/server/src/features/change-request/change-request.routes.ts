import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import {
  type ApplyScheduler,
  applyChangeRequest,
  approveChangeRequest,
  runScheduledApply,
  scheduleChangeRequest,
  scheduledApplyContext,
} from './change-request.apply.ts';
import {
  closeChangeRequest,
  commentOn,
  countAwaiting,
  diffChangeRequest,
  getChangeRequest,
  listChangeRequests,
  openChangeRequest,
  rejectChangeRequest,
  requestReview,
  resolveConflict,
  saveChangeRequest,
  setupOf,
} from './change-request.service.ts';
import { getReviewPolicy, listBypasses, setReviewPolicy } from './review-policy.service.ts';

/** The job that applies a scheduled change request, as the admin who scheduled it. */
export const CHANGE_REQUEST_APPLY_JOB = 'change-request-apply';

// Change requests (docs/product.md, Change requests): ?configuration= is the environment a request changes.
export async function changeRequestRoutes(app: FastifyInstance) {
  const setup = setupOf(app.transferGroups, () => app.environments.invalidate(), app.environmentSetup);
  // The scheduled apply is a job of the console's queue (jobs/job-queue.ts), sent in the schedule's unit
  // of work: it survives restarts, one replica runs it, and a run that failed for another reason than the
  // request's own (a database gone) is retried with backoff. Each run acts in a context of its own.
  void app.jobs.define<{ id: number }>(
    CHANGE_REQUEST_APPLY_JOB,
    async (job) => {
      const ctx = await scheduledApplyContext(app.unitOfWork, job.data.id);
      if (ctx !== null) await runScheduledApply(ctx, setup, job.data.id);
    },
    { retryLimit: 10, retryDelay: 5, retryBackoff: true },
  );
  const scheduler: ApplyScheduler = async (unit, { id, at }) => {
    await app.jobs.sendInTransaction(unit, CHANGE_REQUEST_APPLY_JOB, { id }, { startAfter: at });
  };
  registerEndpoint(app, api.changeRequest.list, ({ ctx, body }) => listChangeRequests(ctx, body));
  registerEndpoint(app, api.changeRequest.awaiting, ({ ctx, user }) => countAwaiting(ctx, user!));
  registerEndpoint(app, api.changeRequest.get, ({ ctx, body }) => getChangeRequest(ctx, body.id));
  registerEndpoint(app, api.changeRequest.open, ({ ctx, body }) => openChangeRequest(ctx, setup, body));
  registerEndpoint(app, api.changeRequest.save, ({ ctx, body }) => saveChangeRequest(ctx, body));
  registerEndpoint(app, api.changeRequest.diff, ({ ctx, body }) => diffChangeRequest(ctx, setup, body.id));
  registerEndpoint(app, api.changeRequest.requestReview, ({ ctx, body }) => requestReview(ctx, body));
  registerEndpoint(app, api.changeRequest.approve, ({ ctx, body }) => approveChangeRequest(ctx, setup, body));
  registerEndpoint(app, api.changeRequest.reject, ({ ctx, body }) => rejectChangeRequest(ctx, body));
  registerEndpoint(app, api.changeRequest.comment, ({ ctx, body }) => commentOn(ctx, body));
  registerEndpoint(app, api.changeRequest.resolve, ({ ctx, body }) => resolveConflict(ctx, setup, body));
  registerEndpoint(app, api.changeRequest.apply, ({ ctx, body }) => applyChangeRequest(ctx, setup, body));
  registerEndpoint(app, api.changeRequest.schedule, ({ ctx, body }) =>
    scheduleChangeRequest(ctx, scheduler, body, app.clock()),
  );
  registerEndpoint(app, api.changeRequest.close, ({ ctx, user, body }) =>
    closeChangeRequest(ctx, setup, user!, body),
  );
  registerEndpoint(app, api.changeRequest.bypasses, ({ ctx }) => listBypasses(ctx));
  registerEndpoint(app, api.changeRequest.policy, ({ ctx }) => getReviewPolicy(ctx));
  registerEndpoint(app, api.changeRequest.setPolicy, ({ ctx, body }) =>
    setReviewPolicy(ctx, () => app.environments.invalidate(), body),
  );
}
