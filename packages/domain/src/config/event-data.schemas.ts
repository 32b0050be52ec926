import { z } from 'zod';
import { listField, wholeNumberField } from './config-fields.ts';
import { type ConfigKindId, type ConfigKindOf, configKindOf, DEFAULT_MAX_ROTATIONS } from './config-kinds.ts';
import { CONSTRUCTION_ITEM_LABEL, constructionItemIdSchema } from './construction-items.ts';
import { botSchema, matchmakingSchema, tierMatchmakingSchema } from './matchmaking.schemas.ts';

// The `data` of the event kinds: races, duel, streaks, build and break (docs/product.md,
// Configurations: the kinds with their own editor). Omitted fields take the product's defaults; every
// message names the field's label.

/** The `kind` every data object carries, so a body of the wrong kind is refused naming the field. */
export function kindField<const Id extends ConfigKindId>(id: Id) {
  return z.literal(id, { error: `Configuration kind must be '${id}' (${configKindOf(id).label})` });
}

/** The tab maximum of a kind that has tabs. */
export function maxTabsOf(id: ConfigKindId): number {
  const { tabs } = configKindOf(id);
  if (!tabs) throw new Error(`Configuration kind ${id} has no tabs`);
  return tabs.max;
}

// ---- races (Agility Race, Endurance Race, End Of Content) ----

export const RACE_LABELS = { scoreTarget: 'Race length', tiers: 'Tiers', rotations: 'Rotations' } as const;
export const MAX_RACE_LENGTH = 150;
/** Decision: the product gives no default race length. */
export const DEFAULT_RACE_LENGTH = 10;
/** The tier default creates 5 rotations when bounded, 0 otherwise. */
export const DEFAULT_BOUNDED_ROTATIONS = 5;

/**
 * A race tier. Decision: a bounded race's tier repeats 1 to 10 rotations ("Rotation max 10 by
 * default"); an unbounded race's tier has 0, meaning it repeats for as long as the race runs.
 */
export function raceTierSchema(isBounded: boolean) {
  const rotations = isBounded
    ? wholeNumberField(RACE_LABELS.rotations, 1, DEFAULT_MAX_ROTATIONS).default(DEFAULT_BOUNDED_ROTATIONS)
    : z.literal(0, { error: `${RACE_LABELS.rotations} must be 0 in an unbounded race` }).default(0);
  return z.object(
    { rotations, matchmaking: tierMatchmakingSchema },
    { error: 'each tier must be an object' },
  );
}

export function defaultRaceTier(isBounded: boolean) {
  return { rotations: isBounded ? DEFAULT_BOUNDED_ROTATIONS : 0, matchmaking: {} };
}

export function raceDataSchema<const Id extends ConfigKindOf<'race'>>(id: Id) {
  const { isBounded } = configKindOf(id);
  return z.object({
    kind: kindField(id),
    scoreTarget: wholeNumberField(RACE_LABELS.scoreTarget, 1, MAX_RACE_LENGTH).default(DEFAULT_RACE_LENGTH),
    matchmaking: matchmakingSchema,
    bot: botSchema,
    tiers: listField(RACE_LABELS.tiers, raceTierSchema(isBounded), 1, maxTabsOf(id)).default(() => [
      defaultRaceTier(isBounded),
    ]),
  });
}

// ---- duel ----

export const DUEL_LABELS = {
  raceProbability: 'Chance in percent',
  movesLowerLimitFromMean: 'Lower boundary',
  movesUpperLimitFromMean: 'Upper boundary',
  defaultMovesLowerLimit: 'Default lower moves',
  defaultMovesUpperLimit: 'Default upper moves',
} as const;

// Chance 20, lower from mean 1, upper from mean 4, default lower 1, default upper 8.
export const DEFAULT_DUEL = Object.freeze({
  raceProbability: 20,
  movesLowerLimitFromMean: 1,
  movesUpperLimitFromMean: 4,
  defaultMovesLowerLimit: 1,
  defaultMovesUpperLimit: 8,
});

const D = DUEL_LABELS;
/**
 * Chance 1-100, boundaries 0-5, default lower 0-10, default upper 1-10; save only when
 * both boundaries are above 0 and default lower < default upper.
 */
export const duelDataSchema = z
  .object({
    kind: kindField('duel'),
    raceProbability: wholeNumberField(D.raceProbability, 1, 100).default(DEFAULT_DUEL.raceProbability),
    movesLowerLimitFromMean: wholeNumberField(D.movesLowerLimitFromMean, 0, 5).default(
      DEFAULT_DUEL.movesLowerLimitFromMean,
    ),
    movesUpperLimitFromMean: wholeNumberField(D.movesUpperLimitFromMean, 0, 5).default(
      DEFAULT_DUEL.movesUpperLimitFromMean,
    ),
    defaultMovesLowerLimit: wholeNumberField(D.defaultMovesLowerLimit, 0, 10).default(
      DEFAULT_DUEL.defaultMovesLowerLimit,
    ),
    defaultMovesUpperLimit: wholeNumberField(D.defaultMovesUpperLimit, 1, 10).default(
      DEFAULT_DUEL.defaultMovesUpperLimit,
    ),
  })
  .superRefine((duel, context) => {
    // cross-field rules only between fields that passed their own bounds (zod refines anyway)
    for (const field of ['movesLowerLimitFromMean', 'movesUpperLimitFromMean'] as const) {
      if (duel[field] === 0) {
        context.addIssue({ code: 'custom', path: [field], message: `${D[field]} must be above 0` });
      }
    }
    const isWhole = (value: number, min: number, max: number) =>
      Number.isInteger(value) && value >= min && value <= max;
    const haveValidDefaults =
      isWhole(duel.defaultMovesLowerLimit, 0, 10) && isWhole(duel.defaultMovesUpperLimit, 1, 10);
    if (haveValidDefaults && duel.defaultMovesLowerLimit >= duel.defaultMovesUpperLimit) {
      context.addIssue({
        code: 'custom',
        path: ['defaultMovesLowerLimit'],
        message: `${D.defaultMovesLowerLimit} must be less than ${D.defaultMovesUpperLimit}`,
      });
    }
  });

// ---- streaks (Win Streak, Dive Streak) ----

export const STREAK_LABELS = { tiers: 'Tiers', numberOfItems: 'Number of levels' } as const;
export const DEFAULT_STREAK_TIER = Object.freeze({ numberOfItems: 3 });

export const streakTierSchema = z.object(
  {
    numberOfItems: wholeNumberField(STREAK_LABELS.numberOfItems, 0, 1000).default(
      DEFAULT_STREAK_TIER.numberOfItems,
    ),
  },
  { error: 'each tier must be an object' },
);

export function streakDataSchema<const Id extends ConfigKindOf<'streak'>>(id: Id) {
  return z.object({
    kind: kindField(id),
    tiers: listField(STREAK_LABELS.tiers, streakTierSchema, 1, maxTabsOf(id)).default(() => [
      { ...DEFAULT_STREAK_TIER },
    ]),
  });
}

// ---- Build Event and Break Event ----

export const BUILD_BREAK_LABELS = {
  multipliers: 'Level Multipliers',
  hard: 'Hard level',
  superHard: 'Super hard level',
  special: 'Special level',
  rotation: 'Rotation',
  itemType: CONSTRUCTION_ITEM_LABEL,
} as const;

export const DEFAULT_MULTIPLIER = 1;
const multiplier = (label: string) => wholeNumberField(label, 1, 10).default(DEFAULT_MULTIPLIER);

export const multipliersSchema = z
  .object(
    {
      hard: multiplier(BUILD_BREAK_LABELS.hard),
      superHard: multiplier(BUILD_BREAK_LABELS.superHard),
      special: multiplier(BUILD_BREAK_LABELS.special),
    },
    { error: `${BUILD_BREAK_LABELS.multipliers} must be an object` },
  )
  .prefault({});

export const rotationEntrySchema = z.object(
  { itemType: constructionItemIdSchema.default(0) },
  { error: 'each rotation entry must be an object' },
);

export function buildBreakDataSchema<const Id extends ConfigKindOf<'build-break'>>(id: Id) {
  return z.object({
    kind: kindField(id),
    matchmaking: matchmakingSchema,
    multipliers: multipliersSchema,
    rotation: listField(BUILD_BREAK_LABELS.rotation, rotationEntrySchema, 1, maxTabsOf(id)).default(() => [
      { itemType: 0 },
    ]),
  });
}
