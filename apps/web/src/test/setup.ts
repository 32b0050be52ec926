import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// findBy/waitFor wait for an event; their cap only guards against a hang. Pages are lazy chunks that
// vitest transforms on first use, and on a busy 2-core machine one step can take seconds.
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
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  expect(consoleErrors, 'console.error was called').toEqual([]);
});
