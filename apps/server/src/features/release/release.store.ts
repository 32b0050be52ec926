import {
  DEFAULT_CLIENT_VERSION,
  MAX_LEVEL_MIN,
  NO_RELEASE_TIME,
  type ReleaseClient,
  type ReleaseContent,
} from '@console/domain/operations';
import type { Db, Tx } from '../../db/client.ts';

export interface ReleaseInfoState {
  content: ReleaseContent;
  client: ReleaseClient;
  keyValue: string;
}

/** What an environment that never saved a section answers (default version 0.0.0). */
export const DEFAULT_RELEASE_INFO: ReleaseInfoState = {
  content: { nextReleaseTimeMs: NO_RELEASE_TIME, maxLevel: MAX_LEVEL_MIN, nextMaxLevel: MAX_LEVEL_MIN },
  client: { remindVersion: DEFAULT_CLIENT_VERSION, minimumVersion: DEFAULT_CLIENT_VERSION },
  keyValue: '',
};

export async function findReleaseInfo(db: Db | Tx, environmentId: string): Promise<ReleaseInfoState> {
  const row = await db.releaseInfo.findUnique({ where: { environmentId } });
  if (!row) return DEFAULT_RELEASE_INFO;
  return {
    content: {
      nextReleaseTimeMs: row.nextReleaseTime?.getTime() ?? NO_RELEASE_TIME,
      maxLevel: row.maxLevel,
      nextMaxLevel: row.nextMaxLevel,
    },
    client: { remindVersion: row.remindVersion, minimumVersion: row.minimumVersion },
    keyValue: row.keyValue,
  };
}

type ReleaseColumns = {
  nextReleaseTime?: Date | null;
  maxLevel?: number;
  nextMaxLevel?: number;
  remindVersion?: string;
  minimumVersion?: string;
  keyValue?: string;
};

// One row per environment; a section's save writes only its own columns (the others keep their values).
async function upsertReleaseColumns(tx: Tx, environmentId: string, columns: ReleaseColumns, email: string) {
  const data = { ...columns, modified: new Date(), lastModifier: email };
  await tx.releaseInfo.upsert({
    where: { environmentId },
    create: { environmentId, ...data },
    update: data,
  });
}

export const saveReleaseContent = (tx: Tx, environmentId: string, content: ReleaseContent, email: string) =>
  upsertReleaseColumns(
    tx,
    environmentId,
    {
      nextReleaseTime:
        content.nextReleaseTimeMs === NO_RELEASE_TIME ? null : new Date(content.nextReleaseTimeMs),
      maxLevel: content.maxLevel,
      nextMaxLevel: content.nextMaxLevel,
    },
    email,
  );

export const saveReleaseClient = (tx: Tx, environmentId: string, client: ReleaseClient, email: string) =>
  upsertReleaseColumns(tx, environmentId, { ...client }, email);

export const saveKeyValue = (tx: Tx, environmentId: string, keyValue: string, email: string) =>
  upsertReleaseColumns(tx, environmentId, { keyValue }, email);
