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
  registerEndpoint(app, calls.listMetrics, ({ db, environmentId, body }) =>
    listMetrics(db, environmentId, body?.includeArchived ?? false),
  );
  registerEndpoint(app, calls.getMetric, ({ db, environmentId, body }) =>
    getMetric(db, environmentId, body.id),
  );
  registerEndpoint(app, calls.createMetric, ({ db, environmentId, body, email }) =>
    createMetric(db, environmentId, body, email),
  );
  registerEndpoint(app, calls.saveMetric, ({ db, environmentId, body, email }) =>
    saveMetric(db, environmentId, body, email),
  );
  registerEndpoint(app, calls.archiveMetric, ({ db, environmentId, body, email }) =>
    archiveMetric(db, environmentId, body, email),
  );
  registerEndpoint(app, calls.results, ({ db, environmentId, body }) => getResults(db, environmentId, body));
  registerEndpoint(app, calls.decide, ({ db, environmentId, body, email }) =>
    recordDecision(db, environmentId, body, email),
  );
  registerEndpoint(app, calls.decisions, ({ db, environmentId, body }) =>
    getDecisions(db, environmentId, body.abTestId),
  );
  registerEndpoint(app, calls.getDataSource, ({ db, environmentId }) => getDataSource(db, environmentId));
  registerEndpoint(app, calls.saveDataSource, ({ db, environmentId, body, email }) =>
    saveDataSource(db, environmentId, body, email),
  );
}
