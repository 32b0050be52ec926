import { conflict, notFound, ruleViolation } from '@console/domain/errors';
import {
  type ArchiveMetricRequest,
  type CreateMetricRequest,
  DEFAULT_CONVERSION_WINDOW_DAYS,
  MAX_METRICS_PER_ENVIRONMENT,
  type Metric,
  type SaveMetricRequest,
} from '@console/domain/experiment';
import type { EnvironmentContext } from '../../context.ts';
import { unchanged } from '../../db/unit-of-work.ts';
import { lockMetricStatistics, recomputeMetricStatistics } from './experiment-events.store.ts';
import {
  countActiveMetrics,
  findMetric,
  insertMetric,
  listMetrics as listStoredMetrics,
  lockMetric,
  updateMetric,
} from './experiment-metric.store.ts';

const metricNotFound = (id: string) => notFound(`Metric '${id}' not found`);

export const listMetrics = (ctx: EnvironmentContext, includeArchived: boolean) =>
  listStoredMetrics(ctx.db, ctx.environmentId, includeArchived);

export async function getMetric(ctx: EnvironmentContext, id: string): Promise<Metric> {
  const metric = await findMetric(ctx.db, ctx.environmentId, id);
  if (!metric) throw metricNotFound(id);
  return metric;
}

/**
 * A new metric counts every event the players' totals hold (those received before it too): its sums are
 * computed from them at creation, then kept by each batch.
 */
export function createMetric(ctx: EnvironmentContext, request: CreateMetricRequest) {
  const metric: CreateMetricRequest = {
    ...request,
    conversionWindowDays:
      request.kind === 'conversion'
        ? (request.conversionWindowDays ?? DEFAULT_CONVERSION_WINDOW_DAYS)
        : undefined,
  };
  return ctx.mutate(async ({ tx, audit }) => {
    const { environmentId } = ctx;
    await lockMetricStatistics(tx, environmentId);
    // Rule: at most MAX_METRICS_PER_ENVIRONMENT unarchived metrics (each is computed in every result).
    if ((await countActiveMetrics(tx, environmentId)) >= MAX_METRICS_PER_ENVIRONMENT) {
      throw ruleViolation(
        `An environment measures at most ${MAX_METRICS_PER_ENVIRONMENT} metrics: archive one first`,
      );
    }
    const created = await insertMetric(tx, environmentId, metric, ctx.actor.email);
    if (!created) throw conflict(`Metric '${metric.id}' already exists`);
    await recomputeMetricStatistics(tx, environmentId, created);
    audit({
      action: 'metric.create',
      target: created.id,
      attributes: {
        name: created.name,
        kind: created.kind,
        event: created.event,
        denominatorEvent: created.denominatorEvent,
        conversionWindowDays: created.conversionWindowDays,
        higherIsBetter: created.higherIsBetter,
        guardrail: created.guardrail,
      },
    });
    return created;
  });
}

export function saveMetric(ctx: EnvironmentContext, request: SaveMetricRequest) {
  return ctx.mutate(async ({ tx, audit }) => {
    const before = await lockMetric(tx, ctx.environmentId, request.id);
    if (!before) throw metricNotFound(request.id);
    const after = await updateMetric(
      tx,
      ctx.environmentId,
      request.id,
      { name: request.name, higherIsBetter: request.higherIsBetter, guardrail: request.guardrail },
      ctx.actor.email,
    );
    const shown = (metric: Metric) => ({
      name: metric.name,
      higherIsBetter: metric.higherIsBetter,
      guardrail: metric.guardrail,
    });
    audit({
      action: 'metric.save',
      target: request.id,
      attributes: { before: shown(before), after: shown(after) },
    });
    return after;
  });
}

/**
 * Archived, a metric is no longer counted (events arriving meanwhile are not added to it) nor shown in
 * results; restored, its sums are computed again from the players' totals, the events received while it
 * was archived included. Asking for the state it has writes nothing.
 */
export function archiveMetric(ctx: EnvironmentContext, request: ArchiveMetricRequest) {
  return ctx.mutate(async ({ tx, audit }) => {
    const { environmentId } = ctx;
    await lockMetricStatistics(tx, environmentId);
    const before = await lockMetric(tx, environmentId, request.id);
    if (!before) throw metricNotFound(request.id);
    if (before.archived === request.archived) return unchanged(before);
    if (!request.archived && (await countActiveMetrics(tx, environmentId)) >= MAX_METRICS_PER_ENVIRONMENT) {
      throw ruleViolation(
        `An environment measures at most ${MAX_METRICS_PER_ENVIRONMENT} metrics: archive one first`,
      );
    }
    const after = await updateMetric(
      tx,
      environmentId,
      request.id,
      { archived: request.archived },
      ctx.actor.email,
    );
    if (!after.archived) await recomputeMetricStatistics(tx, environmentId, after);
    audit({
      action: 'metric.archive',
      target: request.id,
      attributes: { archived: request.archived },
    });
    return after;
  });
}
