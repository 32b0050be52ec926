import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// findBy/waitFor wait for an event; their cap only guards against a hang. Pages are lazy chunks that
// vitest transforms on first use, and on a busy 2-core machine one step can take seconds.
// This is the only place that configures Testing Library: the test files of a worker share its module
// (vitest.config.ts, isolate: false), and this file runs again before each of them, so a test file or
// helper that set its own cap would change the cap of whichever files ran after it.
configure({ asyncUtilTimeout: 15_000 });

// Any React warning or console error fails the test that caused it.
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  // The next test, possibly of another file in the same worker, starts on real timers even if this one
  // failed before it could switch them back.
  vi.useRealTimers();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  expect(consoleErrors, 'console.error was called').toEqual([]);
});
