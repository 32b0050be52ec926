import { readFileSync } from 'node:fs';
import type { SpecCondition, SpecPlayer } from '../spec-types.ts';

// Section 2 of v1/README.md, from the document alone: whether a condition is valid, the player's
// values, and how they compare.

const COUNTRIES: ReadonlySet<string> = new Set(
  JSON.parse(readFileSync(new URL('../../v1/countries.json', import.meta.url), 'utf8')) as string[],
);

const PLATFORM = 2;
const CLIENT_VERSION = 3;
const FIRST_COUNTRY = 10;
const PAYER = 20;
const PURCHASE_COUNT = 21;
const PURCHASE_AMOUNT = 22;
const USER_ID = 30;
const EQUALS = 1;
const NOT_EQUALS = 2;
const GREATER = 3;
const LESS = 4;
const IN = 5;

const ALLOWED: Record<number, number[]> = {
  [PLATFORM]: [EQUALS, NOT_EQUALS, IN],
  [CLIENT_VERSION]: [EQUALS, NOT_EQUALS, GREATER, LESS, IN],
  [FIRST_COUNTRY]: [EQUALS, NOT_EQUALS, IN],
  [PAYER]: [EQUALS, NOT_EQUALS],
  [PURCHASE_COUNT]: [EQUALS, NOT_EQUALS, GREATER, LESS, IN],
  [PURCHASE_AMOUNT]: [EQUALS, NOT_EQUALS, GREATER, LESS],
  [USER_ID]: [EQUALS, NOT_EQUALS, IN],
};

const VERSION = /^\d{1,9}(\.\d{1,9}){0,3}$/;
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

function isValidEntry(property: number, entry: string): boolean {
  switch (property) {
    case PLATFORM:
      return (
        /^[A-Za-z][A-Za-z0-9]*$/.test(entry) &&
        ['ios', 'android', 'amazon', 'webgl', 'editor'].includes(entry.toLowerCase())
      );
    case CLIENT_VERSION:
      return VERSION.test(entry);
    case FIRST_COUNTRY:
      return /^[A-Za-z]{2}$/.test(entry) && COUNTRIES.has(entry.toUpperCase());
    case PAYER:
      return /^(true|false)$/i.test(entry);
    case PURCHASE_COUNT:
      return DECIMAL.test(entry) && Number.isInteger(Number(entry)) && Number(entry) >= 0;
    case PURCHASE_AMOUNT:
      return DECIMAL.test(entry) && Number(entry) >= 0;
    case USER_ID:
      return /^[^\s,]{1,64}$/.test(entry);
    default:
      return false;
  }
}

/** The condition's entries (one unless `in`), or null when the condition is not valid. */
function entriesOf(condition: SpecCondition): string[] | null {
  if (!(ALLOWED[condition.property] ?? []).includes(condition.op)) return null;
  const value = condition.value.trim();
  if (value === '') return null;
  const entries = condition.op === IN ? value.split(',').map((entry) => entry.trim()) : [value];
  return entries.every((entry) => entry !== '' && isValidEntry(condition.property, entry)) ? entries : null;
}

/** Case changed for the ASCII letters alone (section 2: letters are ASCII). */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
const asciiUpper = (text: string) => text.replace(/[a-z]/g, (letter) => letter.toUpperCase());

type Compared =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'version'; value: number[] };

function versionOf(text: string): number[] | null {
  return VERSION.test(text) ? text.split('.').map(Number) : null;
}

/** The player's value as compared; undefined when absent, null when not a valid version. */
function playerValue(property: number, player: SpecPlayer): Compared | null | undefined {
  const { context } = player;
  switch (property) {
    case PLATFORM:
      return context.Platform === undefined
        ? undefined
        : { kind: 'text', value: asciiLower(context.Platform.trim()) };
    case FIRST_COUNTRY:
      return context.FirstCountry === undefined
        ? undefined
        : { kind: 'text', value: asciiUpper(context.FirstCountry.trim()) };
    case USER_ID:
      return { kind: 'text', value: player.userId };
    case PAYER:
      return context.Payer === undefined ? undefined : { kind: 'text', value: String(context.Payer) };
    case PURCHASE_COUNT:
      return context.PurchaseCount === undefined
        ? undefined
        : { kind: 'number', value: context.PurchaseCount };
    case PURCHASE_AMOUNT:
      return context.PurchaseAmount === undefined
        ? undefined
        : { kind: 'number', value: context.PurchaseAmount };
    default: {
      if (context.ClientVersion === undefined) return undefined;
      const version = versionOf(context.ClientVersion.trim());
      return version === null ? null : { kind: 'version', value: version };
    }
  }
}

function entryValue(property: number, entry: string): Compared {
  switch (property) {
    case PLATFORM:
      return { kind: 'text', value: entry.toLowerCase() };
    case FIRST_COUNTRY:
      return { kind: 'text', value: entry.toUpperCase() };
    case PAYER:
      return { kind: 'text', value: String(entry.toLowerCase() === 'true') };
    case PURCHASE_COUNT:
    case PURCHASE_AMOUNT:
      return { kind: 'number', value: Number(entry) };
    case CLIENT_VERSION:
      return { kind: 'version', value: entry.split('.').map(Number) };
    default:
      return { kind: 'text', value: entry };
  }
}

/** -1, 0, 1; NaN when the values are only equal or not and differ. */
function compare(a: Compared, b: Compared): number {
  if (a.kind === 'version' && b.kind === 'version') {
    const length = Math.max(a.value.length, b.value.length);
    for (let index = 0; index < length; index += 1) {
      const left = a.value[index] ?? 0;
      const right = b.value[index] ?? 0;
      if (left !== right) return left < right ? -1 : 1;
    }
    return 0;
  }
  if (a.kind === 'number' && b.kind === 'number') return a.value === b.value ? 0 : a.value < b.value ? -1 : 1;
  return a.value === b.value ? 0 : Number.NaN;
}

export function conditionHolds(condition: SpecCondition, player: SpecPlayer): boolean {
  const entries = entriesOf(condition);
  if (entries === null) return false;
  const mine = playerValue(condition.property, player);
  if (mine === undefined || mine === null) return false;
  const theirs = entries.map((entry) => entryValue(condition.property, entry));
  const order = compare(mine, theirs[0]!);
  switch (condition.op) {
    case EQUALS:
      return order === 0;
    case NOT_EQUALS:
      return order !== 0;
    case GREATER:
      return order > 0;
    case LESS:
      return order < 0;
    default:
      return theirs.some((entry) => compare(mine, entry) === 0);
  }
}

export function isInSegment(conditions: readonly SpecCondition[], player: SpecPlayer): boolean {
  return conditions.every((condition) => conditionHolds(condition, player));
}
