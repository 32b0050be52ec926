import {
  type AbTest,
  assertRule,
  ConditionFault,
  checkSegmentConditions,
  checkSegmentEditable,
  normalizeSegment,
  type SaveSegmentRequest,
  SEGMENT_PROPERTY_LIST,
  type Segment,
  type SegmentCondition,
  validateCondition,
  validateSegment,
} from '@console/domain/abtest';
import type { EnvironmentContext } from '../../context.ts';
import { abTestAudit, lockAndLoadAbTest, requireAbTest } from './abtest.loaders.ts';
import { updateAbTest } from './abtest.store.ts';

export const listSegmentProperties = (): Record<string, number> => ({ ...SEGMENT_PROPERTY_LIST });

export const checkCondition = (condition: SegmentCondition): number => validateCondition(condition);

/** For writers other than /segment/save (abtest/save): an invalid condition is a 409 naming it. */
export function requireValidSegment(segment: Segment): Segment {
  assertRule(checkSegmentConditions(segment));
  return normalizeSegment(segment);
}

/**
 * /api/segment/save: answers one mask per condition and saves only when all are 0.
 * the segment of an active AB-test cannot be changed (checked before the masks, so
 * fixing a condition is not suggested where saving could never succeed).
 */
export async function saveSegment(ctx: EnvironmentContext, request: SaveSegmentRequest): Promise<number[]> {
  const { db, environmentId } = ctx;
  const { email } = ctx.actor;
  const key = { environmentId, id: request.abTestId };
  const masks = validateSegment(request.segment.conditions);
  if (masks.some((mask) => mask !== ConditionFault.None)) {
    assertRule(checkSegmentEditable(await requireAbTest(db, key)));
    return masks;
  }
  const segment = normalizeSegment(request.segment);
  return ctx.mutate(async ({ tx, audit }) => {
    const abTest: AbTest = await lockAndLoadAbTest(tx, key);
    assertRule(checkSegmentEditable(abTest));
    await updateAbTest(tx, key, { segment }, email);
    audit(
      abTestAudit(key, email, 'abtest.segment.save', {
        before: abTest.data.segment.conditions,
        conditions: segment.conditions,
      }),
    );
    return masks;
  });
}
