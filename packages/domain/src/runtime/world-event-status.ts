import { z } from 'zod';
import { nameOf, WorldEventStatus } from '../enums.ts';
import type { ConfigurationTimes } from './configuration-times.ts';
import type { PluginOutcome } from './resolution.schemas.ts';

// What a game server tells a player about a plugin's event: one of the product's world event
// statuses, decided from the resolution's outcome and the configuration's times. The rule, in order:
// - the plugin is switched off → NotActive;
// - the case names a configuration the snapshot lacks → NotActive (the console publishes switched-on
//   configurations only, so a switched-off one is what is missing);
// - no entry decided the player's case → NotFound, or Error when an entry could not be evaluated
//   because the content is broken (its A/B-test is missing, or no case owns the player's bucket);
// - the case has no configuration (an empty control case, or no slot) → NotFound;
// - the configuration does not run now → NotStarted when a run lies ahead, Finished when none does;
// - it runs but the player is below its minimum level → LevelUp;
// - it runs, and the configuration's matchmaking closes at `matchmaking.closePct` percent of the run:
//   from that instant of the run on → MatchMakingClosed;
// - otherwise → Running.

export type WorldEventStatusId = (typeof WorldEventStatus)[keyof typeof WorldEventStatus];

export const worldEventStatusSchema = z
  .union(
    Object.values(WorldEventStatus).map((id) => z.literal(id)) as unknown as [
      z.ZodLiteral<WorldEventStatusId>,
      ...z.ZodLiteral<WorldEventStatusId>[],
    ],
  )
  .describe(
    'World event status: Error 1, Running 2, Finished 4, NotActive 16, NotFound 32, NotStarted 64, ' +
      'LevelUp 256, MatchMakingClosed 4096',
  );

/** `Running`, `MatchMakingClosed`, ...: the status's name in the product's enumeration. */
export const worldEventStatusName = (status: number): string =>
  nameOf(WorldEventStatus, status) ?? `status ${status}`;

/** The configuration's matchmaking close percentage (1-100) when its data has one; else null. */
export function matchmakingClosePercent(data: Record<string, unknown>): number | null {
  const matchmaking = data.matchmaking;
  if (typeof matchmaking !== 'object' || matchmaking === null) return null;
  const closePct = (matchmaking as { closePct?: unknown }).closePct;
  return typeof closePct === 'number' && Number.isInteger(closePct) && closePct >= 1 && closePct <= 100
    ? closePct
    : null;
}

/** Whether matchmaking has closed at `at` in the run [runStart, runEnd): past closePct percent of it. */
export function isMatchmakingClosed(closePct: number, runStart: number, runEnd: number, at: number): boolean {
  // in integers: (at − start) / (end − start) ≥ closePct / 100
  return (at - runStart) * 100 >= (runEnd - runStart) * closePct;
}

/**
 * The world event status of a plugin's resolution (the rule above). `isContentBroken` counts for
 * no-match only: an entry was skipped because the content is broken (A/B-test missing, no case owns
 * the bucket); `times` are the configuration's at `at`, null for a kind without activation.
 */
export function worldEventStatusOf(
  outcome: PluginOutcome,
  isContentBroken: boolean,
  times: ConfigurationTimes | null,
  closePct: number | null,
  at: number,
): WorldEventStatusId {
  switch (outcome) {
    case 'disabled':
    case 'configuration-missing':
      return WorldEventStatus.NotActive;
    case 'no-match':
      return isContentBroken ? WorldEventStatus.Error : WorldEventStatus.NotFound;
    case 'default':
      return WorldEventStatus.NotFound;
    case 'not-running':
      return times?.nextRun != null ? WorldEventStatus.NotStarted : WorldEventStatus.Finished;
    case 'below-min-level':
      return WorldEventStatus.LevelUp;
    case 'configuration': {
      const isClosed =
        closePct !== null &&
        times !== null &&
        times.runStart !== null &&
        isMatchmakingClosed(closePct, times.runStart, times.runEnd!, at);
      return isClosed ? WorldEventStatus.MatchMakingClosed : WorldEventStatus.Running;
    }
  }
}
