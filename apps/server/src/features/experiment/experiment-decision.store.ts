import { type Decision, experimentResultsSchema } from '@console/domain/experiment';
import type { Db, Tx } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import type { ExperimentDecision, Prisma } from '../../generated/prisma/client.ts';

const toDecision = (row: ExperimentDecision): Decision => ({
  id: row.id,
  abTestId: row.abTestId,
  version: row.version,
  caseIndex: row.caseIndex,
  note: row.note,
  decidedBy: row.decidedBy,
  decided: row.decided.getTime(),
  result: parseJsonColumn(experimentResultsSchema, row.result, `the results of decision ${row.id}`),
});

export async function insertDecision(
  tx: Tx,
  environmentId: string,
  decision: Omit<Decision, 'id' | 'decided' | 'decidedBy'>,
  email: string,
): Promise<Decision> {
  const row = await tx.experimentDecision.create({
    data: {
      environmentId,
      abTestId: decision.abTestId,
      version: decision.version,
      caseIndex: decision.caseIndex,
      note: decision.note,
      result: decision.result as unknown as Prisma.InputJsonValue,
      decidedBy: email,
    },
  });
  return toDecision(row);
}

/** The decisions of an A/B-test, newest first (a handful per test). */
export async function listDecisions(db: Db, environmentId: string, abTestId: string): Promise<Decision[]> {
  const rows = await db.experimentDecision.findMany({
    where: { environmentId, abTestId },
    orderBy: { id: 'desc' },
    take: 100,
  });
  return rows.map(toDecision);
}
