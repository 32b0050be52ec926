import { baseEnvironmentOf } from './branch.ts';

export type Rgb = readonly [red: number, green: number, blue: number];

// The environment indicator colours.
const KNOWN_COLORS: Record<string, Rgb> = {
  dev: [0, 200, 100],
  stable: [200, 200, 0],
  prod: [200, 50, 0],
};
const OTHER_COLOR: Rgb = [180, 100, 200];

/** A change request's branch takes the colour of the environment it changes. */
export function environmentColor(environment: string): Rgb {
  const shown = baseEnvironmentOf(environment);
  return Object.hasOwn(KNOWN_COLORS, shown) ? KNOWN_COLORS[shown]! : OTHER_COLOR;
}

export const toCssColor = ([red, green, blue]: Rgb): string => `rgb(${red}, ${green}, ${blue})`;

/** Prod (and a change request of prod) switches the whole page to the dark theme; every other environment is light. */
export const isDarkEnvironment = (environment: string): boolean => baseEnvironmentOf(environment) === 'prod';
