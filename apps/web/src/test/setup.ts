import { type EmotionCache, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { filterStyleRules } from './styleRuleFilter.ts';

// findBy/waitFor wait for an event; their cap only guards against a hang. Pages are lazy chunks that
// vitest transforms on first use, and on a busy 2-core machine one step can take seconds.
// This is the only place that configures Testing Library: the test files of a worker share its module
// (vitest.config.ts, isolate: false), and this file runs again before each of them, so a test file or
// helper that set its own cap would change the cap of whichever files ran after it.
configure({ asyncUtilTimeout: 15_000 });

// Computed styles as jsdom gives them, without matching the rules that need a tag or class the element lacks.
filterStyleRules(document);

// Any React warning or console error fails the test that caused it.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

/** Reads the emotion cache MUI styles through when no CacheProvider is given: the one the app uses. */
let probedCache: EmotionCache | null = null;
function EmotionCacheProbe() {
  probedCache = useEmotionCache();
  return null;
}
function defaultEmotionCache(): EmotionCache {
  render(createElement(EmotionCacheProbe)).unmount();
  if (!probedCache) throw new Error('MUI has no emotion cache to style through');
  return probedCache;
}
const emotionCache = defaultEmotionCache();

/**
 * Emotion adds one <style> per rule to the document and never removes it, so the rules of every screen
 * rendered so far, in every earlier test file of the worker, pile up in the one jsdom window. jsdom's
 * getComputedStyle, which Testing Library's *ByRole queries call for each element and its ancestors,
 * matches every rule of the document: each test then paid for all earlier tests' styles. After a test
 * has unmounted, its rules go and emotion forgets it inserted them, so the next test inserts what it
 * renders again and its queries match only its own styles.
 */
function forgetEmotionStyles() {
  emotionCache.sheet.flush();
  for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
}

afterEach(() => {
  cleanup();
  forgetEmotionStyles();
  // The next test, possibly of another file in the same worker, starts on real timers even if this one
  // failed before it could switch them back.
  vi.useRealTimers();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  expect(consoleErrors, 'console.error was called').toEqual([]);
});
