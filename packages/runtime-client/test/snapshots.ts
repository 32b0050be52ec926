import type { RuntimeContent, RuntimeSnapshot } from '@console/domain/runtime';
import { makeRuntimeContent } from '@console/server/testing';

// Snapshots for the tests that need no console: the content the server's tests and benchmarks use,
// with the bookkeeping a published revision carries.

/** Three plugins (END_OF_CONTENT, AGILITY_RACE, ENDURANCE_RACE), each split over two cases with a configuration each. */
export function makeSnapshot(
  revision = 7,
  content: RuntimeContent = makeRuntimeContent({ plugins: 3, cases: 2 }),
) {
  return {
    environment: 'dev',
    revision,
    hash: `hash-${revision}`,
    publishedAt: '2026-03-10T10:00:00.000Z',
    publishedBy: 'tests@example.com',
    content,
  } satisfies RuntimeSnapshot;
}

/** The instant the default activation of makeRuntimeContent's configurations runs at. */
export const RUNNING_AT = Date.parse('2026-03-10T10:30:00Z');
