import type { UnitOfWorkSteps } from './db/unit-of-work.ts';
import { checkReview } from './features/change-request/review-guard.ts';
import { publishAuditedStep } from './features/publishing/publish.service.ts';
import { webhookOutboxStep } from './features/webhooks/webhook-outbox.service.ts';

/**
 * The steps of every unit of work an entry point builds (buildApp, the environment-file CLI, the seed
 * CLI): a change that alters what players receive publishes a runtime revision in its own transaction
 * (keeping the instance's number of revisions),
 * the webhooks' outbox follows it, and the review policy refuses a direct content change, whichever way
 * the change comes in (docs/decisions/0410). Composed here, on the entry points' side, so db/ knows no
 * feature; each call answers fresh steps, as each instance keeps its own.
 */
export function unitOfWorkSteps({ revisionsKept }: { revisionsKept: number }): UnitOfWorkSteps {
  return {
    afterAudit: [publishAuditedStep({ revisionsKept }), webhookOutboxStep()],
    checkAudit: [checkReview],
  };
}
