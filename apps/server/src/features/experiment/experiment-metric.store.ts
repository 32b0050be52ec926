import type { CreateMetricRequest, Metric, MetricKind } from '@console/domain/experiment';
import type { Db, Tx } from '../../db/client.ts';
import type { ExperimentMetric } from '../../generated/prisma/client.ts';

const toMetric = (row: ExperimentMetric): Metric => ({
  id: row.id,
  name: row.name,
  kind: row.kind as MetricKind,
  event: row.event,
  denominatorEvent: row.denominatorEvent,
  conversionWindowDays: row.conversionWindowDays,
  higherIsBetter: row.higherIsBetter,
  guardrail: row.guardrail,
  archived: row.archived,
  created: row.created.getTime(),
  modified: row.modified.getTime(),
  lastModifier: row.lastModifier,
});

export async function listMetrics(db: Db | Tx, environmentId: string, includeArchived: boolean) {
  const rows = await db.experimentMetric.findMany({
    where: { environmentId, ...(includeArchived ? {} : { archived: false }) },
    orderBy: { id: 'asc' },
  });
  return rows.map(toMetric);
}

export async function countActiveMetrics(tx: Tx, environmentId: string): Promise<number> {
  return tx.experimentMetric.count({ where: { environmentId, archived: false } });
}

export async function findMetric(db: Db | Tx, environmentId: string, id: string): Promise<Metric | null> {
  const row = await db.experimentMetric.findUnique({ where: { environmentId_id: { environmentId, id } } });
  return row ? toMetric(row) : null;
}

/** The metric, its row locked for the change (two saves of one metric take turns). */
export async function lockMetric(tx: Tx, environmentId: string, id: string): Promise<Metric | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "experiment_metric" WHERE "environment_id" = ${environmentId} AND "id" = ${id} FOR UPDATE`;
  return rows.length === 0 ? null : findMetric(tx, environmentId, id);
}

/** Inserts the metric; null when the id is taken (ON CONFLICT DO NOTHING, so a race loses cleanly). */
export async function insertMetric(
  tx: Tx,
  environmentId: string,
  metric: CreateMetricRequest,
  email: string,
): Promise<Metric | null> {
  const inserted = await tx.$executeRaw`
    INSERT INTO "experiment_metric" ("environment_id", "id", "name", "kind", "event", "denominator_event",
      "conversion_window_days", "higher_is_better", "guardrail", "last_modifier")
    VALUES (${environmentId}, ${metric.id}, ${metric.name}, ${metric.kind}, ${metric.event},
      ${metric.denominatorEvent ?? null}, ${metric.conversionWindowDays ?? null}::integer,
      ${metric.higherIsBetter}, ${metric.guardrail}, ${email})
    ON CONFLICT DO NOTHING`;
  return inserted === 0 ? null : findMetric(tx, environmentId, metric.id);
}

export async function updateMetric(
  tx: Tx,
  environmentId: string,
  id: string,
  change: { name?: string; higherIsBetter?: boolean; guardrail?: boolean; archived?: boolean },
  email: string,
): Promise<Metric> {
  const row = await tx.experimentMetric.update({
    where: { environmentId_id: { environmentId, id } },
    data: { ...change, modified: new Date(), lastModifier: email },
  });
  return toMetric(row);
}
