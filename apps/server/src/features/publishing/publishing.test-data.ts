import type { RevisionListResponse, RuntimeRevision, RuntimeRevisionSummary } from '@console/domain/runtime';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { configClient } from '../config/config.test-data.ts';
import { buildRuntimeContent } from './content.service.ts';

// Test support for the runtime revision suites: the revision API over HTTP, and what one change
// published (the revisions after it and the audit entries it wrote).

export interface Published {
  revisions: RuntimeRevisionSummary[];
  /** The audit entries written by the change, oldest first. */
  auditIds: number[];
}

export function runtimeClient(t: TestApp, cookie: string) {
  const c = configClient(t, cookie);
  const list = (environment = 'dev', page: { offset?: number; limit?: number } = {}) =>
    c.payloadOf('/api/runtime/revision/list', page, environment) as Promise<RevisionListResponse>;
  const get = (revision: number, environment = 'dev') =>
    c.payloadOf('/api/runtime/revision/get', { revision }, environment) as Promise<RuntimeRevision>;
  const lastAuditId = async (environment: string) => (await t.auditEntries(cookie, environment))[0]?.id ?? 0;

  /** Runs the change and answers what it published in the environment, oldest first. */
  async function published(environment: string, change: () => Promise<unknown>): Promise<Published> {
    const { latest } = await list(environment, { limit: 1 });
    const auditBefore = await lastAuditId(environment);
    await change();
    const after = await list(environment);
    const entries = await t.auditEntries(cookie, environment);
    return {
      revisions: after.revisions.filter((revision) => revision.revision > latest).reverse(),
      auditIds: entries
        .filter((entry) => entry.id > auditBefore)
        .map((entry) => entry.id)
        .reverse(),
    };
  }

  /** The change wrote audit entries and published exactly one revision naming all of them. */
  async function expectOneRevision(environment: string, change: () => Promise<unknown>) {
    const { latest } = await list(environment, { limit: 1 });
    const result = await published(environment, change);
    expect(result.auditIds.length).toBeGreaterThan(0);
    expect(result.revisions).toEqual([
      expect.objectContaining({ revision: latest + 1, auditEntryIds: result.auditIds, restoredFrom: null }),
    ]);
    return result.revisions[0]!;
  }

  /** The change published nothing (it may or may not have been audited). */
  async function expectNoRevision(environment: string, change: () => Promise<unknown>) {
    const result = await published(environment, change);
    expect(result.revisions).toEqual([]);
    return result;
  }

  /** The latest revision's content is what a build of the environment answers now. */
  async function expectLatestIsCurrent(environment = 'dev') {
    const { latest } = await list(environment, { limit: 1 });
    const revision = await get(latest, environment);
    const built = await buildRuntimeContent({ db: t.app.db, environmentId: environment });
    expect(revision.hash).toBe(built.hash);
    expect(revision.content).toEqual(built.content);
    return revision;
  }

  return { c, list, get, published, expectOneRevision, expectNoRevision, expectLatestIsCurrent };
}

export type RuntimeClient = ReturnType<typeof runtimeClient>;
