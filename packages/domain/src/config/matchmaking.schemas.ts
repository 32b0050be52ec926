import { z } from 'zod';
import { MatchmakingAlgorithm } from '../enums.ts';
import { booleanField, decimalField, wholeNumberField } from './config-fields.ts';

// Matchmaking: algorithm (default timed bucket), groupSize (default 5), closePct,
// OpenAtActivationEnd; per-tier values are optional. group size 1-150, close % 1-100.

export const MATCHMAKING_LABELS = {
  algorithm: 'Matchmaking algorithm',
  groupSize: 'Group size',
  closePct: 'Close %',
  openAtActivationEnd: 'Open at activation end',
} as const;

export const MATCHMAKING_ALGORITHM_LABELS: Readonly<Record<number, string>> = {
  [MatchmakingAlgorithm.TimedBucket]: 'Timed bucket',
  [MatchmakingAlgorithm.NoReentranceTimedBucket]: 'No re-entrance timed bucket',
  [MatchmakingAlgorithm.SingleUser]: 'Single user',
  [MatchmakingAlgorithm.LevelBucket]: 'Level bucket',
  [MatchmakingAlgorithm.Team]: 'Team',
};

export const MIN_GROUP_SIZE = 1;
export const MAX_GROUP_SIZE = 150;

/**
 * Decision (docs/decisions/0172): closePct defaults to 100 (matchmaking closes only when the run is
 * over) and openAtActivationEnd to false; the product gives no default for either.
 */
export const DEFAULT_MATCHMAKING = Object.freeze({
  algorithm: MatchmakingAlgorithm.TimedBucket as number,
  groupSize: 5,
  closePct: 100,
  openAtActivationEnd: false,
});

const ALGORITHM_IDS = Object.values(MatchmakingAlgorithm) as number[];

const L = MATCHMAKING_LABELS;
const matchmakingFields = {
  algorithm: wholeNumberField(L.algorithm, 0, Number.MAX_SAFE_INTEGER).refine(
    (id) => ALGORITHM_IDS.includes(id),
    {
      error: `${L.algorithm} must be one of ${ALGORITHM_IDS.map((id) => `${id} (${MATCHMAKING_ALGORITHM_LABELS[id]})`).join(', ')}`,
    },
  ),
  groupSize: wholeNumberField(L.groupSize, MIN_GROUP_SIZE, MAX_GROUP_SIZE),
  closePct: wholeNumberField(L.closePct, 1, 100),
  openAtActivationEnd: booleanField(L.openAtActivationEnd),
};

/** A configuration's matchmaking: every field, omitted ones at their default. */
export const matchmakingSchema = z
  .object(
    {
      algorithm: matchmakingFields.algorithm.default(DEFAULT_MATCHMAKING.algorithm),
      groupSize: matchmakingFields.groupSize.default(DEFAULT_MATCHMAKING.groupSize),
      closePct: matchmakingFields.closePct.default(DEFAULT_MATCHMAKING.closePct),
      openAtActivationEnd: matchmakingFields.openAtActivationEnd.default(
        DEFAULT_MATCHMAKING.openAtActivationEnd,
      ),
    },
    { error: 'Matchmaking must be an object' },
  )
  .prefault({});
export type Matchmaking = z.infer<typeof matchmakingSchema>;

/** A tier's matchmaking: each field optional; an omitted one is the configuration's value. */
export const tierMatchmakingSchema = z
  .object(
    {
      algorithm: matchmakingFields.algorithm.optional(),
      groupSize: matchmakingFields.groupSize.optional(),
      closePct: matchmakingFields.closePct.optional(),
      openAtActivationEnd: matchmakingFields.openAtActivationEnd.optional(),
    },
    { error: 'Tier matchmaking must be an object' },
  )
  .prefault({});
export type TierMatchmaking = z.infer<typeof tierMatchmakingSchema>;

/** The matchmaking a tier runs with: its own values over the configuration's. */
export function resolveTierMatchmaking(base: Matchmaking, tier: TierMatchmaking): Matchmaking {
  return {
    algorithm: tier.algorithm ?? base.algorithm,
    groupSize: tier.groupSize ?? base.groupSize,
    closePct: tier.closePct ?? base.closePct,
    openAtActivationEnd: tier.openAtActivationEnd ?? base.openAtActivationEnd,
  };
}

// Bot Configuration: rate and lose % 0-100, required.
export const BOT_LABELS = {
  active: 'Active',
  prs: 'Progress Rate per second',
  canWin: 'Can Win',
  losePct: 'Lose race %',
} as const;

/** Decision: "Bot default: not shown"; a new bot is off, with rate and lose % at 0. */
export const DEFAULT_BOT = Object.freeze({ active: false, prs: 0, canWin: false, losePct: 0 });

/**
 * The rate is a decimal (progress per second); lose % is whole. Rate and lose % are checked even
 * while the bot is inactive: the form only disables them, and the values are kept.
 */
export const botSchema = z
  .object(
    {
      active: booleanField(BOT_LABELS.active).default(DEFAULT_BOT.active),
      prs: decimalField(BOT_LABELS.prs, 0, 100),
      canWin: booleanField(BOT_LABELS.canWin).default(DEFAULT_BOT.canWin),
      losePct: wholeNumberField(BOT_LABELS.losePct, 0, 100),
    },
    { error: 'Bot Configuration must be an object' },
  )
  .default(() => ({ ...DEFAULT_BOT }));
export type Bot = z.infer<typeof botSchema>;
