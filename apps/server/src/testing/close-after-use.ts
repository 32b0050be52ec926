import { onTestFinished, TestRunner } from 'vitest';

// vitest runs an afterAll only when it is registered while the file is collected: one registered later,
// from inside a beforeAll or a test, is silently dropped. A helper that opens something (an app, its
// database, a proxy) therefore hands its close here: a test's own is closed when that test finishes;
// what a hook (or the file's top level) opened is closed once the file's tests are done, by the afterAll
// that close-after-file.ts (a setup file) registers for every file. Without this, nothing a helper opened
// was ever closed: harmless while each file had a process of its own, but the server's files share one
// (vitest.config.ts), and an app left running would go on querying the database in the next file.

/** What hooks opened in the current file, closed last opened first. */
const openedByHooks: (() => Promise<void>)[] = [];

/** Closes `close`'s thing after the test that opened it, or after the file when a hook opened it. */
export function closeAfterUse(close: () => Promise<void>): void {
  if (TestRunner.getCurrentTest()) onTestFinished(close);
  else openedByHooks.push(close);
}

/** Closes what the file's hooks opened, last first; every close runs, the first failure is thrown. */
export async function closeWhatHooksOpened(): Promise<void> {
  const failures: unknown[] = [];
  for (const close of openedByHooks.splice(0).reverse()) {
    await close().catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
}
