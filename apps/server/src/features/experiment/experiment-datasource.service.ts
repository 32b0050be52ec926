import { DomainError, ErrorCode, ruleViolation } from '@console/domain/errors';
import type { DataSource, Metric, SaveDataSourceRequest } from '@console/domain/experiment';
import pg from 'pg';
import type { EnvironmentContext } from '../../context.ts';
import { findDataSource, type StoredDataSource, upsertDataSource } from './experiment-datasource.store.ts';
import type { MetricSums, VersionStatistics } from './experiment-results.store.ts';

// The SQL data source (docs/decisions/0160): for a game whose events
// live in a warehouse or a read replica, the results' sufficient statistics come from the admin's queries
// instead of the console's own tables. Each runs in a READ ONLY transaction under the source's statement
// timeout, with $1 the A/B-test id and $2 the version; the connection is made per results request and
// closed after it.

const CONNECT_TIMEOUT_MS = 5_000;

/** The URL as shown and audited: its password replaced by ***. */
export function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '***';
  }
}

const shown = (source: StoredDataSource | null): DataSource =>
  source === null ? null : { ...source, url: hidePassword(source.url) };

export async function getDataSource(ctx: EnvironmentContext): Promise<DataSource> {
  return shown(await findDataSource(ctx.db, ctx.environmentId));
}

export function saveDataSource(ctx: EnvironmentContext, request: SaveDataSourceRequest) {
  return ctx.mutate(async ({ tx, audit }) => {
    const saved = await upsertDataSource(tx, ctx.environmentId, request, ctx.actor.email);
    audit({
      action: 'experiment.datasource.save',
      target: ctx.environmentId,
      attributes: {
        url: hidePassword(request.url),
        metrics: Object.keys(request.metricQueries).sort(),
        statementTimeoutMs: request.statementTimeoutMs,
      },
    });
    return shown(saved);
  });
}

const numberOf = (value: unknown): number => {
  const number = typeof value === 'number' ? value : Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
};

/** The statistics from the source's queries; a metric without a query has no sums (its players count as 0). */
export async function readSqlSourceStatistics(
  ctx: EnvironmentContext,
  abTestId: string,
  version: number,
  metrics: readonly Metric[],
): Promise<VersionStatistics> {
  const source = await findDataSource(ctx.db, ctx.environmentId);
  if (!source) throw ruleViolation(`Environment '${ctx.environmentId}' has no SQL data source`);
  const client = new pg.Client({ connectionString: source.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => {});
  const failed = (what: string, error: unknown) => {
    const code = (error as { code?: unknown }).code;
    return new DomainError(
      ErrorCode.Unavailable,
      `The SQL data source could not answer ${what}${typeof code === 'string' ? ` (SQLSTATE ${code})` : ''}`,
    );
  };
  try {
    await client.connect();
  } catch (error) {
    throw failed('(no connection)', error);
  }
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.trunc(source.statementTimeoutMs)}`);
    const players = new Map<number, number>();
    try {
      const { rows } = await client.query(source.exposuresQuery, [abTestId, version]);
      for (const row of rows) players.set(numberOf(row.case_index), numberOf(row.players));
    } catch (error) {
      throw failed('the exposures query', error);
    }
    const sums = new Map<string, Map<number, MetricSums>>();
    for (const metric of metrics) {
      const query = source.metricQueries[metric.id];
      if (query === undefined) continue;
      try {
        const { rows } = await client.query(query, [abTestId, version]);
        const byCase = new Map<number, MetricSums>();
        for (const row of rows) {
          byCase.set(numberOf(row.case_index), {
            sum: numberOf(row.sum),
            sumSquares: numberOf(row.sum_squares),
            denominatorSum: numberOf(row.denominator_sum),
            denominatorSumSquares: numberOf(row.denominator_sum_squares),
            productSum: numberOf(row.product_sum),
          });
        }
        sums.set(metric.id, byCase);
      } catch (error) {
        throw failed(`the query of metric '${metric.id}'`, error);
      }
    }
    return { players, metrics: sums, firstDay: null, lastDay: null };
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    await client.end().catch(() => {});
  }
}
