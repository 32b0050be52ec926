import type { Tx } from '../../db/client.ts';

// The runtime items written since the environment's last publish, as the triggers on the content's
// tables log them (prisma/migrations/20261213100000_runtime_changes).

export interface RuntimeChanges {
  /** Plugins whose row or entries were written. */
  plugins: number[];
  /** A/B-tests whose row or versions were written. */
  abTests: string[];
  configurations: string[];
  isReleaseChanged: boolean;
}

/**
 * Deletes the environment's logged changes and answers them. Called under the publish lock before the
 * content is read, so a change committed in between is both read now and still logged for the next
 * publish (reading an item twice is harmless; missing one is not).
 */
export async function consumeRuntimeChanges(tx: Tx, environmentId: string): Promise<RuntimeChanges> {
  const rows = await tx.$queryRaw<{ kind: string; ids: string[] }[]>`
    WITH "consumed" AS (
      DELETE FROM "runtime_change" WHERE "environment_id" = ${environmentId} RETURNING "kind", "item_id")
    SELECT "kind", array_agg(DISTINCT "item_id") AS "ids" FROM "consumed" GROUP BY "kind"`;
  const idsOf = (kind: string) => rows.find((row) => row.kind === kind)?.ids ?? [];
  return {
    plugins: idsOf('plugin').map(Number),
    abTests: idsOf('ab_test'),
    configurations: idsOf('configuration'),
    isReleaseChanged: idsOf('release').length > 0,
  };
}
