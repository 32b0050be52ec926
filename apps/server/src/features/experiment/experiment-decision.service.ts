import { ruleViolation } from '@console/domain/errors';
import type { DecideRequest, Decision } from '@console/domain/experiment';
import type { EnvironmentContext } from '../../context.ts';
import { getAbTest } from '../abtest/abtest.service.ts';
import { insertDecision, listDecisions } from './experiment-decision.store.ts';
import { getResults } from './experiment-results.service.ts';

/**
 * "Ship case N": the decision is recorded with the results it rests on, computed now as the operator sees
 * them, and audited. It changes nothing players receive: the rollout is the A/B-test's own change (or a
 * change request where the environment requires review), which the screen proposes next.
 */
export async function recordDecision(ctx: EnvironmentContext, request: DecideRequest): Promise<Decision> {
  // computed outside the transaction: a SQL data source is a network call
  const result = await getResults(ctx, {
    abTestId: request.abTestId,
    version: request.version,
    method: request.method,
    source: request.source,
  });
  if (request.caseIndex >= result.weights.length) {
    throw ruleViolation(
      `AB-test '${request.abTestId}' version ${request.version} has ${result.weights.length} cases: case ${request.caseIndex + 1} does not exist`,
    );
  }
  return ctx.mutate(async ({ tx, audit }) => {
    const decision = await insertDecision(
      tx,
      ctx.environmentId,
      {
        abTestId: request.abTestId,
        version: request.version,
        caseIndex: request.caseIndex,
        note: request.note,
        result,
      },
      ctx.actor.email,
    );
    audit({
      action: 'abtest.decision.record',
      target: request.abTestId,
      attributes: {
        decision: decision.id,
        version: request.version,
        caseIndex: request.caseIndex,
        note: request.note,
      },
    });
    return decision;
  });
}

export async function getDecisions(ctx: EnvironmentContext, abTestId: string): Promise<Decision[]> {
  await getAbTest(ctx, abTestId);
  return listDecisions(ctx.db, ctx.environmentId, abTestId);
}
