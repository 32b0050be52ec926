import type { Rgb } from '../../shell/environment/environmentColor.ts';

// A new particle every 500 ms, lifetime 6000 ms, animation 4 to 6 s, colour jitter up to ±25.
export const SPAWN_INTERVAL_MS = 500;
export const PARTICLE_LIFETIME_MS = 6000;
export const MIN_ANIMATION_MS = 4000;
export const MAX_ANIMATION_MS = 6000;
export const COLOR_JITTER = 25;

export interface Particle {
  id: number;
  bornAt: number;
  /** Horizontal start, percent of the field's width. */
  leftPercent: number;
  sizePx: number;
  durationMs: number;
  color: Rgb;
}

type Random = () => number;

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const clampChannel = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

export function jitterColor([red, green, blue]: Rgb, random: Random = Math.random): Rgb {
  const jitter = (channel: number) => clampChannel(channel + between(random, -COLOR_JITTER, COLOR_JITTER));
  return [jitter(red), jitter(green), jitter(blue)];
}

export function createParticle(
  id: number,
  now: number,
  baseColor: Rgb,
  random: Random = Math.random,
): Particle {
  return {
    id,
    bornAt: now,
    leftPercent: between(random, 0, 100),
    sizePx: Math.round(between(random, 6, 22)),
    durationMs: Math.round(between(random, MIN_ANIMATION_MS, MAX_ANIMATION_MS)),
    color: jitterColor(baseColor, random),
  };
}

/** The living particles plus a newborn one; a particle dies when its lifetime is over. */
export function advanceParticles(current: readonly Particle[], newborn: Particle): Particle[] {
  return [...current.filter((particle) => newborn.bornAt - particle.bornAt < PARTICLE_LIFETIME_MS), newborn];
}
