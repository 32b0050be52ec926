import {
  ABTEST_MESSAGES,
  type AbTest,
  type ActivateTestRequest,
  assertRule,
  type CreateAbTestRequest,
  checkAbTestDeletion,
  checkSegmentEditable,
  checkTestActivation,
  isSameSegment,
  newAbTestData,
  type SaveAbTestRequest,
  type SaveCaseDescriptionsRequest,
  type SaveDescriptionRequest,
} from '@console/domain/abtest';
import type { ListPage } from '@console/domain/api';
import { conflict } from '@console/domain/errors';
import type { EnvironmentContext, EnvironmentReader } from '../../context.ts';
import { unchanged } from '../../db/unit-of-work.ts';
import { abTestAudit, lockAndLoadAbTest, requireAbTest } from './abtest.loaders.ts';
import {
  type AbTestChanges,
  abTestExists,
  deleteAbTest,
  findUsage,
  insertAbTest,
  listAbTests,
  updateAbTest,
} from './abtest.store.ts';
import { requireValidSegment } from './segment.service.ts';

// Decision (docs/decisions/0129): /list/recent answers the 10 most recently modified A/B-tests.
export const RECENT_ABTEST_COUNT = 10;

/** Decision (docs/decisions/0129): /list answers every A/B-test by id, or the page {offset, limit} of them. */
export const listAll = (ctx: EnvironmentContext, page: ListPage = {}) =>
  listAbTests(ctx.db, ctx.environmentId, { page });

export const listRecent = (ctx: EnvironmentContext) =>
  listAbTests(ctx.db, ctx.environmentId, { recent: { limit: RECENT_ABTEST_COUNT } });

/** Decision (docs/decisions/0129): /list/usage answers the A/B-tests some plugin uses, by id, each with usedBy. */
export async function listUsed(ctx: EnvironmentContext, page: ListPage = {}): Promise<AbTest[]> {
  const usage = await findUsage(ctx.db, ctx.environmentId);
  if (usage.size === 0) return [];
  return listAbTests(ctx.db, ctx.environmentId, { onlyIds: [...usage.keys()], page });
}

export const getAbTest = ({ db, environmentId }: EnvironmentReader, id: string) =>
  requireAbTest(db, { environmentId, id });

export const hasAbTest = ({ db, environmentId }: EnvironmentReader, id: string) =>
  abTestExists(db, { environmentId, id });

/** A new AB-test's ID must not exist (409 "ID already exists"); it starts with no version. */
export async function createAbTest(ctx: EnvironmentContext, request: CreateAbTestRequest): Promise<AbTest> {
  const key = { environmentId: ctx.environmentId, id: request.id };
  const email = ctx.actor.email;
  const { segment, caseDescriptions } = newAbTestData(request.type);
  return ctx.mutate(async ({ tx, audit }) => {
    const inserted = await insertAbTest(tx, {
      ...key,
      description: request.description,
      type: request.type,
      caseDescriptions,
      segment,
      lastModifier: email,
    });
    if (!inserted) throw conflict(ABTEST_MESSAGES.idExists);
    const result = await requireAbTest(tx, key);
    audit(
      abTestAudit(key, email, 'abtest.create', {
        description: request.description,
        type: request.type,
      }),
    );
    return result;
  });
}

/**
 * /save {abTest}: writes the fields it carries of description, data.caseDescriptions and
 * data.segment. A segment that differs from the stored one must be valid, and the AB-test inactive;
 * sending back the loaded (unchanged) segment of an active AB-test is fine.
 */
export async function saveAbTest(ctx: EnvironmentContext, request: SaveAbTestRequest): Promise<AbTest> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  const { id, description, data } = request.abTest;
  const key = { environmentId, id };
  const segment = data?.segment ? requireValidSegment(data.segment) : undefined;
  return ctx.mutate(async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    const changes: AbTestChanges = {};
    if (description !== undefined) changes.description = description;
    if (data?.caseDescriptions !== undefined) changes.caseDescriptions = data.caseDescriptions;
    if (segment && !isSameSegment(segment, abTest.data.segment)) {
      assertRule(checkSegmentEditable(abTest));
      changes.segment = segment;
    }
    await updateAbTest(tx, key, changes, email);
    const result = await requireAbTest(tx, key);
    audit(abTestAudit(key, email, 'abtest.save', { ...changes }));
    return result;
  });
}

export async function saveDescription(
  ctx: EnvironmentContext,
  request: SaveDescriptionRequest,
): Promise<AbTest> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  const key = { environmentId, id: request.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    await updateAbTest(tx, key, { description: request.description }, email);
    const result = await requireAbTest(tx, key);
    audit(
      abTestAudit(key, email, 'abtest.description.save', {
        before: abTest.description,
        description: request.description,
      }),
    );
    return result;
  });
}

export async function saveCaseDescriptions(
  ctx: EnvironmentContext,
  request: SaveCaseDescriptionsRequest,
): Promise<AbTest> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  const key = { environmentId, id: request.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    await updateAbTest(tx, key, { caseDescriptions: request.descriptions }, email);
    const result = await requireAbTest(tx, key);
    audit(
      abTestAudit(key, email, 'abtest.case-descriptions.save', {
        before: abTest.data.caseDescriptions,
        descriptions: request.descriptions,
      }),
    );
    return result;
  });
}

/**
 * An inactive AB-test with an active version can be activated; an active one cannot be
 * deactivated. Asking for the state it already has changes nothing and writes no audit entry.
 */
export async function activateTest(ctx: EnvironmentContext, request: ActivateTestRequest): Promise<AbTest> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  const key = { environmentId, id: request.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    assertRule(checkTestActivation(abTest, request.active));
    if (abTest.active === request.active) unchanged(abTest);
    await updateAbTest(tx, key, { active: request.active }, email);
    const result = await requireAbTest(tx, key);
    audit(abTestAudit(key, email, 'abtest.activate', { version: abTest.data.version }));
    return result;
  });
}

/** Refused while a plugin uses the AB-test or while it is active (checkAbTestDeletion). */
export async function deleteAbTestById(ctx: EnvironmentContext, id: string): Promise<{ id: string }> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  const key = { environmentId, id };
  return ctx.mutate(async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    assertRule(checkAbTestDeletion(abTest));
    await deleteAbTest(tx, key);
    audit(
      abTestAudit(key, email, 'abtest.delete', {
        description: abTest.description,
        type: abTest.data.type,
        versions: abTest.data.versions.map(({ version, active, cases }) => ({ version, active, cases })),
      }),
    );
    return { id };
  });
}
