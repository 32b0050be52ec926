import type { ReleaseClient, ReleaseContent } from '@console/domain/operations';
import type { EnvironmentContext } from '../../context.ts';
import { findReleaseInfo, saveKeyValue, saveReleaseClient, saveReleaseContent } from './release.store.ts';

// Audit targets name the section of the Release Info screen that was saved.
export const getReleaseContent = async (ctx: EnvironmentContext) =>
  (await findReleaseInfo(ctx.db, ctx.environmentId)).content;

export const getReleaseClient = async (ctx: EnvironmentContext) =>
  (await findReleaseInfo(ctx.db, ctx.environmentId)).client;

export const getKeyValue = async (ctx: EnvironmentContext) =>
  (await findReleaseInfo(ctx.db, ctx.environmentId)).keyValue;

export function setReleaseContent(ctx: EnvironmentContext, content: ReleaseContent) {
  return ctx.mutate(async ({ tx, audit }) => {
    await saveReleaseContent(tx, ctx.environmentId, content, ctx.actor.email);
    audit({ action: 'release.content.set', target: 'content', attributes: content });
    return content;
  });
}

export function setReleaseClient(ctx: EnvironmentContext, client: ReleaseClient) {
  return ctx.mutate(async ({ tx, audit }) => {
    await saveReleaseClient(tx, ctx.environmentId, client, ctx.actor.email);
    audit({ action: 'release.client.set', target: 'client', attributes: client });
    return client;
  });
}

export function setKeyValue(ctx: EnvironmentContext, keyValue: string) {
  return ctx.mutate(async ({ tx, audit }) => {
    await saveKeyValue(tx, ctx.environmentId, keyValue, ctx.actor.email);
    audit({ action: 'release.kv.set', target: 'kv', attributes: { keyValue } });
    return keyValue;
  });
}
