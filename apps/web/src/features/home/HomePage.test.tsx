import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActiveEnvironmentContext } from '../../shell/environment/environment.context.ts';
import { HomePage } from './HomePage.tsx';
import { advanceParticles, COLOR_JITTER, createParticle, jitterColor } from './particles.ts';

// One every 500 ms, each living 6000 ms
const MAX_LIVING_PARTICLES = 12;

const renderHome = (active: string) =>
  render(
    <ActiveEnvironmentContext
      value={{ active, environments: [active], isReady: true, select: () => undefined }}
    >
      <HomePage />
    </ActiveEnvironmentContext>,
  );

const particles = () => [...document.querySelectorAll<HTMLElement>('[data-particle]')];
const rgbOf = (element: HTMLElement) =>
  (element.style.backgroundColor.match(/\d+/g) ?? []).map(Number) as [number, number, number];

describe('home particles', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds a particle every 500 ms and removes each after 6000 ms', () => {
    renderHome('dev');
    expect(particles()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(500));
    expect(particles()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(particles()).toHaveLength(5);
    act(() => vi.advanceTimersByTime(10_000));
    expect(particles()).toHaveLength(MAX_LIVING_PARTICLES);
  });

  it('keeps the page bounded over minutes of idling and leaves no timer behind', () => {
    const { unmount } = renderHome('dev');
    for (let minute = 0; minute < 5; minute++) {
      act(() => vi.advanceTimersByTime(60_000));
      expect(particles().length).toBeLessThanOrEqual(MAX_LIVING_PARTICLES);
    }
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("colours particles within ±25 of the active environment's colour, animated 4 to 6 s", () => {
    renderHome('prod');
    act(() => vi.advanceTimersByTime(6000));
    expect(particles().length).toBeGreaterThan(0);
    for (const particle of particles()) {
      const [red, green, blue] = rgbOf(particle);
      expect(Math.abs(red - 200)).toBeLessThanOrEqual(COLOR_JITTER);
      expect(Math.abs(green - 50)).toBeLessThanOrEqual(COLOR_JITTER);
      expect(blue).toBeLessThanOrEqual(COLOR_JITTER);
      const durationMs = Number.parseInt(particle.style.animationDuration, 10);
      expect(durationMs).toBeGreaterThanOrEqual(4000);
      expect(durationMs).toBeLessThanOrEqual(6000);
    }
  });
});

describe('particle rules', () => {
  it('jitters each channel by at most 25 and stays within 0-255', () => {
    expect(jitterColor([100, 100, 100], () => 0)).toEqual([75, 75, 75]);
    expect(jitterColor([100, 100, 100], () => 1)).toEqual([125, 125, 125]);
    expect(jitterColor([0, 250, 10], () => 1)).toEqual([25, 255, 35]);
    expect(jitterColor([0, 250, 10], () => 0)).toEqual([0, 225, 0]);
  });

  it('animates for 4 to 6 seconds', () => {
    expect(createParticle(1, 0, [0, 0, 0], () => 0).durationMs).toBe(4000);
    expect(createParticle(1, 0, [0, 0, 0], () => 1).durationMs).toBe(6000);
  });

  it('drops particles once their 6000 ms lifetime is over', () => {
    const at = (ms: number) => createParticle(ms, ms, [0, 0, 0], () => 0.5);
    const living = advanceParticles([at(0), at(500), at(5999)], at(6000));
    expect(living.map((particle) => particle.bornAt)).toEqual([500, 5999, 6000]);
  });
});
