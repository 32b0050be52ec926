import type { SaveDataSourceRequest } from '@console/domain/experiment';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';

export interface StoredDataSource {
  url: string;
  exposuresQuery: string;
  metricQueries: Record<string, string>;
  statementTimeoutMs: number;
  modified: number;
  lastModifier: string;
}

const metricQueriesSchema = z.record(z.string(), z.string());

export async function findDataSource(db: Db | Tx, environmentId: string): Promise<StoredDataSource | null> {
  const row = await db.experimentDataSource.findUnique({ where: { environmentId } });
  if (!row) return null;
  return {
    url: row.url,
    exposuresQuery: row.exposuresQuery,
    metricQueries: parseJsonColumn(
      metricQueriesSchema,
      row.metricQueries,
      `metric queries of ${environmentId}`,
    ),
    statementTimeoutMs: row.statementTimeoutMs,
    modified: row.modified.getTime(),
    lastModifier: row.lastModifier,
  };
}

export async function upsertDataSource(
  tx: Tx,
  environmentId: string,
  source: SaveDataSourceRequest,
  email: string,
): Promise<StoredDataSource> {
  const data = {
    url: source.url,
    exposuresQuery: source.exposuresQuery,
    metricQueries: source.metricQueries,
    statementTimeoutMs: source.statementTimeoutMs,
    modified: new Date(),
    lastModifier: email,
  };
  await tx.experimentDataSource.upsert({
    where: { environmentId },
    create: { environmentId, ...data },
    update: data,
  });
  return { ...data, modified: data.modified.getTime() };
}
