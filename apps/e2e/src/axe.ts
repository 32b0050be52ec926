import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { waitForStillScreen } from './browser.ts';

// axe-core's own bundle, evaluated in the page: the console's content security policy refuses an injected
// <script>, while code evaluated through the DevTools protocol is not subject to it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Loads axe-core into every page of the context as it opens (through the DevTools protocol, like evaluate), so a
 * check during a test's action does not spend the action's time limit parsing it.
 */
export const preloadAxe = (context: BrowserContext) => context.addInitScript({ content: AXE_SOURCE });

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  rule: string;
  impact: AxeImpact;
  help: string;
  /** A selector and the failure summary of each element that fails the rule. */
  nodes: string[];
}

const IMPACTS: AxeImpact[] = ['minor', 'moderate', 'serious', 'critical'];

/**
 * Every axe rule the page's current state fails (axe's default rule set: WCAG 2.x A and AA plus its best
 * practices, such as heading order and landmarks). Waits for the running transitions (MUI's fades) to end
 * first, so what is checked is what the operator sees once the screen is still.
 */
export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  await waitForStillScreen(page);
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type AxeResults = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run(options: object): Promise<AxeResults> } }).axe;
    // What the operator sees once the screen is still: a control that changes state during the run (a
    // button enabled when its data arrives) would otherwise be measured halfway through its colour change.
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(still);
    const results = await axe.run({ resultTypes: ['violations'] }).finally(() => still.remove());
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: (violation.impact ?? 'minor') as AxeImpact,
      help: violation.help,
      nodes: violation.nodes.map(
        (node) => `${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    }));
  });
}

/**
 * The violations of `minImpact` or worse on the page as it is now, one line each, for
 * `expect(await axeProblems(page, 'where')).toEqual([])`. With AXE_REPORT set to a file, every violation
 * found (of any impact) is appended to it as a JSON line, to count them over a whole run.
 */
export async function axeProblems(
  page: Page,
  where: string,
  minImpact: AxeImpact = 'moderate',
): Promise<string[]> {
  const violations = await findAxeViolations(page);
  const report = process.env.AXE_REPORT;
  if (report) {
    for (const violation of violations) {
      appendFileSync(report, `${JSON.stringify({ where, ...violation, nodes: violation.nodes })}\n`);
    }
  }
  return violations
    .filter((violation) => IMPACTS.indexOf(violation.impact) >= IMPACTS.indexOf(minImpact))
    .map(
      (violation) =>
        `${where}: ${violation.impact} ${violation.rule} (${violation.help}) at ${violation.nodes.join(' | ')}`,
    );
}

export interface AccessibilityWatch {
  /**
   * Runs axe on the page as it is now, unless this state (theme, route, open dialogs and menus) was checked
   * already or is still loading; keeps the problems of `minImpact` or worse for `takeProblems`.
   */
  check(): Promise<void>;
  /** The problems found since the last call, one line each. */
  takeProblems(): string[];
  /** How many states axe checked, and the milliseconds it took, for the suite's time budget. */
  readonly runs: number;
  readonly milliseconds: number;
}

/**
 * What identifies a state of the console worth one axe run: the theme (the page's background), the route, and
 * the names of the open dialogs and menus. Null while the page still loads (no heading yet, or a progress
 * indicator shows), so a state is checked once it is complete.
 */
const readPageState = (page: Page) =>
  page.evaluate(() => {
    if (!document.querySelector('h1') || document.querySelector('[role="progressbar"]')) return null;
    const isShown = (element: Element) => element.getClientRects().length > 0;
    const nameOf = (element: Element) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const label = labelledBy
        ? labelledBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      return `${element.getAttribute('role')} '${element.getAttribute('aria-label') ?? label}'`;
    };
    const openedElements = [
      ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'),
    ].filter(isShown);
    // A dialog or menu fading in or out (its own or an ancestor's opacity below 1) is no state yet: axe
    // would measure its text blended with the page.
    const isSettled = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement)
        if (Number(getComputedStyle(at).opacity) < 1) return false;
      return true;
    };
    if (!openedElements.every(isSettled)) return null;
    const opened = openedElements.map(nameOf);
    const theme = getComputedStyle(document.body).backgroundColor;
    return [`${location.pathname}${location.search}`, ...opened, `on ${theme}`].join(', ');
  });

/**
 * Checks each distinct state of the page once (axe costs 100-300 ms a run), for browser tests that look at
 * accessibility as a side effect of whatever they do.
 */
export function watchAccessibility(page: Page, minImpact: AxeImpact = 'serious'): AccessibilityWatch {
  const checked = new Set<string>();
  let problems: string[] = [];
  let milliseconds = 0;
  return {
    async check() {
      if (page.isClosed()) return;
      const state = await readPageState(page);
      if (state === null || checked.has(state)) return;
      checked.add(state);
      const start = performance.now();
      problems.push(...(await axeProblems(page, state, minImpact)));
      milliseconds += performance.now() - start;
    },
    get runs() {
      return checked.size;
    },
    get milliseconds() {
      return milliseconds;
    },
    takeProblems() {
      const taken = problems;
      problems = [];
      return taken;
    },
  };
}
