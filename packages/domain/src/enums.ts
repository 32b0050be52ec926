// The enumerations, ids exact.

export const Consumable = {
  Life: 1,
  GatheredLife: 3,
  Coin: 4,
  PreGameBooster1: 7,
  PreGameBooster2: 8,
  PreGameBooster3: 9,
  InGameBooster1: 10,
  InGameBooster2: 11,
  InGameBooster3: 12,
  InGameBooster4: 13,
  InfiniteLife: 1000,
  InfinitePreGameBooster1: 1001,
  InfinitePreGameBooster2: 1002,
  InfinitePreGameBooster3: 1003,
  InfiniteSocialBooster2: 1006,
} as const;
export type ConsumableName = keyof typeof Consumable;

export const ConstructionItem = {
  NormalPieces: 0,
  Red: 1,
  Blue: 2,
  Green: 3,
  Yellow: 4,
  Pink: 5,
  Bomb: 1302,
  Spinner: 1303,
  LineblastHorizontal: 1304,
  LineblastVertical: 1305,
  LineblastBoth: 1390,
} as const;
export type ConstructionItemName = keyof typeof ConstructionItem;

export const PluginId = {
  UNSUPPORTED: 0,
  END_OF_CONTENT: 1,
  AGILITY_RACE: 2,
  ENDURANCE_RACE: 3,
  DUEL: 4,
  COLLECTION_EVENT_ONE: 5,
  COLLECTION_EVENT_TWO: 6,
  SPECIAL_OFFER: 7,
  BUILD_EVENT: 8,
  BREAK_EVENT: 9,
  WIN_STREAK: 10,
  GOLD_RUSH: 11,
  NEW_USER_FLOW: 12,
  DIVE_EVENT: 13,
  STORE: 100,
  OFFER_THREE_IN_ONE: 101,
  OFFER_TWO_OR_ONE: 102,
  OFFER_SNAKE: 103,
  OFFER_PROGRESSION: 104,
  OFFER_COMEBACK: 105,
} as const;
export type PluginName = keyof typeof PluginId;

export const AbTestType = {
  StickySegmentation: 0,
  DynamicSegmentation: 10,
  Rollout: 20,
} as const;
export type AbTestTypeName = keyof typeof AbTestType;

export const MatchmakingAlgorithm = {
  TimedBucket: 1,
  NoReentranceTimedBucket: 2,
  SingleUser: 3,
  LevelBucket: 4,
  Team: 5,
} as const;

export const SegmentOperation = {
  Equals: 1,
  NotEquals: 2,
  GreaterThan: 3,
  LessThan: 4,
  Contains: 5,
} as const;
export type SegmentOperationName = keyof typeof SegmentOperation;

export const SegmentProperty = {
  UnSupported: 0,
  Platform: 2,
  ClientVersion: 3,
  FirstCountry: 10,
  Payer: 20,
  PurchaseCount: 21,
  PurchaseAmount: 22,
  UserId: 30,
} as const;
export type SegmentPropertyName = keyof typeof SegmentProperty;

export const WorldEventActivationType = {
  OneShot: 1,
  Continuous: 2,
  Schedule: 3,
  Every5Min: 7,
  Every15Min: 8,
  Every30Min: 9,
  Hourly: 10,
  Daily: 11,
  Weekly: 12,
  EveryOther5Min: 13,
} as const;

export const WorldEventStatus = {
  Error: 1,
  Running: 2,
  Finished: 4,
  NotActive: 16,
  NotFound: 32,
  NotStarted: 64,
  LevelUp: 256,
  MatchMakingClosed: 4096,
} as const;

/** Reverse lookup: the name of an enum value, or undefined. */
export function nameOf<T extends Record<string, number>>(enumeration: T, id: number): keyof T | undefined {
  return (Object.keys(enumeration) as (keyof T)[]).find((name) => enumeration[name] === id);
}
