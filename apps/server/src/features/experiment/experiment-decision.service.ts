import { ruleViolation } from '@console/domain/errors';
import type { DecideRequest, Decision } from '@console/domain/experiment';
import type { Db } from '../../db/client.ts';
import { mutate } from '../../db/unit-of-work.ts';
import { getAbTest } from '../abtest/abtest.service.ts';
import { insertDecision, listDecisions } from './experiment-decision.store.ts';
import { getResults } from './experiment-results.service.ts';

/**
 * "Ship case N": the decision is recorded with the results it rests on, computed now as the operator sees
 * them, and audited. It changes nothing players receive: the rollout is the A/B-test's own change (or a
 * change request where the environment requires review), which the screen proposes next.
 */
export async function recordDecision(
  db: Db,
  environmentId: string,
  request: DecideRequest,
  email: string,
): Promise<Decision> {
  // computed outside the transaction: a SQL data source is a network call
  const result = await getResults(db, environmentId, {
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
  return mutate(db, async ({ tx, audit }) => {
    const decision = await insertDecision(
      tx,
      environmentId,
      {
        abTestId: request.abTestId,
        version: request.version,
        caseIndex: request.caseIndex,
        note: request.note,
        result,
      },
      email,
    );
    audit({
      environmentId,
      email,
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

export async function getDecisions(db: Db, environmentId: string, abTestId: string): Promise<Decision[]> {
  await getAbTest(db, environmentId, abTestId);
  return listDecisions(db, environmentId, abTestId);
}
