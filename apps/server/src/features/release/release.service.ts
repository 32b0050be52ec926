import type { ReleaseClient, ReleaseContent } from '@console/domain/operations';
import type { Db } from '../../db/client.ts';
import { mutate } from '../../db/unit-of-work.ts';
import { findReleaseInfo, saveKeyValue, saveReleaseClient, saveReleaseContent } from './release.store.ts';

// Audit targets name the section of the Release Info screen that was saved.
export const getReleaseContent = async (db: Db, environmentId: string) =>
  (await findReleaseInfo(db, environmentId)).content;

export const getReleaseClient = async (db: Db, environmentId: string) =>
  (await findReleaseInfo(db, environmentId)).client;

export const getKeyValue = async (db: Db, environmentId: string) =>
  (await findReleaseInfo(db, environmentId)).keyValue;

export function setReleaseContent(db: Db, environmentId: string, content: ReleaseContent, email: string) {
  return mutate(db, async ({ tx, audit }) => {
    await saveReleaseContent(tx, environmentId, content, email);
    audit({ environmentId, email, action: 'release.content.set', target: 'content', attributes: content });
    return content;
  });
}

export function setReleaseClient(db: Db, environmentId: string, client: ReleaseClient, email: string) {
  return mutate(db, async ({ tx, audit }) => {
    await saveReleaseClient(tx, environmentId, client, email);
    audit({ environmentId, email, action: 'release.client.set', target: 'client', attributes: client });
    return client;
  });
}

export function setKeyValue(db: Db, environmentId: string, keyValue: string, email: string) {
  return mutate(db, async ({ tx, audit }) => {
    await saveKeyValue(tx, environmentId, keyValue, email);
    audit({ environmentId, email, action: 'release.kv.set', target: 'kv', attributes: { keyValue } });
    return keyValue;
  });
}
