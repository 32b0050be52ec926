import { type AbTest, abTestNotFound } from '@console/domain/abtest';
import type { AuditAction, AuditAttributes } from '@console/domain/audit';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditRecord } from '../../db/unit-of-work.ts';
import { type AbTestKey, findAbTest, listAbTests, lockAbTest } from './abtest.store.ts';

// Shared by the A/B-test use cases: finding, locking and auditing A/B-tests.

export async function requireAbTest(db: Db | Tx, key: AbTestKey): Promise<AbTest> {
  const abTest = await findAbTest(db, key);
  if (!abTest) throw abTestNotFound();
  return abTest;
}

/**
 * Locks the A/B-test row (SELECT ... FOR UPDATE) and then reads it with its versions and usage, so
 * the rules are checked against what no concurrent request can change before this one commits.
 */
export async function lockAndLoadAbTest(tx: Tx, key: AbTestKey): Promise<AbTest> {
  if (!(await lockAbTest(tx, key))) throw abTestNotFound();
  return requireAbTest(tx, key);
}

export function abTestAudit<A extends AuditAction>(
  key: AbTestKey,
  email: string,
  action: A,
  attributes: AuditAttributes<A>,
): AuditRecord {
  return { environmentId: key.environmentId, email, action, target: key.id, attributes } as AuditRecord;
}

/** The A/B-tests of these ids, by id (absent ones left out). */
export async function loadAbTestsById(
  db: Db | Tx,
  environmentId: string,
  ids: Iterable<string>,
): Promise<Map<string, AbTest>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Map();
  const abTests = await listAbTests(db, environmentId, { onlyIds: unique });
  return new Map(abTests.map((abTest) => [abTest.id, abTest]));
}
