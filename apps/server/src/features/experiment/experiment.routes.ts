import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getDataSource, saveDataSource } from './experiment-datasource.service.ts';
import { getDecisions, recordDecision } from './experiment-decision.service.ts';
import {
  archiveMetric,
  createMetric,
  getMetric,
  listMetrics,
  saveMetric,
} from './experiment-metric.service.ts';
import { getResults } from './experiment-results.service.ts';

export async function experimentRoutes(app: FastifyInstance) {
  const calls = api.experiment;
  registerEndpoint(app, calls.listMetrics, ({ ctx, body }) =>
    listMetrics(ctx, body?.includeArchived ?? false),
  );
  registerEndpoint(app, calls.getMetric, ({ ctx, body }) => getMetric(ctx, body.id));
  registerEndpoint(app, calls.createMetric, ({ ctx, body }) => createMetric(ctx, body));
  registerEndpoint(app, calls.saveMetric, ({ ctx, body }) => saveMetric(ctx, body));
  registerEndpoint(app, calls.archiveMetric, ({ ctx, body }) => archiveMetric(ctx, body));
  registerEndpoint(app, calls.results, ({ ctx, body }) => getResults(ctx, body));
  registerEndpoint(app, calls.decide, ({ ctx, body }) => recordDecision(ctx, body));
  registerEndpoint(app, calls.decisions, ({ ctx, body }) => getDecisions(ctx, body.abTestId));
  registerEndpoint(app, calls.getDataSource, ({ ctx }) => getDataSource(ctx));
  registerEndpoint(app, calls.saveDataSource, ({ ctx, body }) => saveDataSource(ctx, body));
}
