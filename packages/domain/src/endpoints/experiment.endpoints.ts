import { defineEndpoints } from '../api/endpoint.ts';
import {
  archiveMetricRequestSchema,
  createMetricRequestSchema,
  metricIdRequestSchema,
  metricListRequestSchema,
  metricListResponseSchema,
  metricSchema,
  saveMetricRequestSchema,
} from '../experiment/metric.schemas.ts';
import {
  dataSourceSchema,
  decideRequestSchema,
  decisionListResponseSchema,
  decisionSchema,
  decisionsRequestSchema,
  experimentResultsSchema,
  resultsRequestSchema,
  saveDataSourceRequestSchema,
} from '../experiment/results.schemas.ts';

// A/B-test results: the metrics an environment measures, the results of a version, the decisions taken
// on them, and the SQL data source the results can be computed from instead of the console's events.
export const experimentEndpoints = defineEndpoints('experiment', {
  listMetrics: {
    path: '/api/experiment/metric/list',
    access: 'read',
    summary: "The environment's metrics by id; {includeArchived: true} lists archived ones too",
    body: metricListRequestSchema,
    response: metricListResponseSchema,
  },
  getMetric: {
    path: '/api/experiment/metric/get',
    access: 'read',
    summary: 'One metric',
    body: metricIdRequestSchema,
    response: metricSchema,
  },
  createMetric: {
    path: '/api/experiment/metric/create',
    access: 'change',
    summary:
      'Create a metric: conversion (within conversionWindowDays of the first exposure), mean, ratio (of event over denominatorEvent) or revenue; what it measures is fixed from then on',
    body: createMetricRequestSchema,
    response: metricSchema,
  },
  saveMetric: {
    path: '/api/experiment/metric/save',
    access: 'change',
    summary: "Save a metric's name, higherIsBetter and guardrail",
    body: saveMetricRequestSchema,
    response: metricSchema,
  },
  archiveMetric: {
    path: '/api/experiment/metric/archive',
    access: 'change',
    summary: 'Archive a metric (no longer counted or shown in results), or restore it with archived: false',
    body: archiveMetricRequestSchema,
    response: metricSchema,
  },
  results: {
    path: '/api/experiment/results/get',
    access: 'read',
    summary:
      "The results of an A/B-test version (default: its current one): per case the exposed players, each metric's value with its 95% interval, the change against case 1 with interval, p-value and chance to beat it, and the sample ratio check; sequential unless method is 'fixed-horizon'",
    body: resultsRequestSchema,
    response: experimentResultsSchema,
  },
  decide: {
    path: '/api/experiment/results/decide',
    access: 'change',
    summary:
      '"Ship case N": records the decision with the results it rested on; the rollout is made by the A/B-test\'s own calls',
    body: decideRequestSchema,
    response: decisionSchema,
  },
  decisions: {
    path: '/api/experiment/results/decisions',
    access: 'read',
    summary: "An A/B-test's recorded decisions, newest first",
    body: decisionsRequestSchema,
    response: decisionListResponseSchema,
  },
  getDataSource: {
    path: '/api/experiment/datasource/get',
    access: 'admin',
    summary: "The environment's SQL data source (its URL's password hidden), or null",
    response: dataSourceSchema,
  },
  saveDataSource: {
    path: '/api/experiment/datasource/save',
    access: 'admin',
    summary:
      'Save the SQL data source: a PostgreSQL-compatible URL, the exposures query and one query per metric, run read-only with a statement timeout',
    body: saveDataSourceRequestSchema,
    response: dataSourceSchema,
  },
});
