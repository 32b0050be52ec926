import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's own bundle, evaluated in the page: the console's content security policy refuses an injected
// <script>, while code evaluated through the DevTools protocol is not subject to it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
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
    const results = await axe.run({ resultTypes: ['violations'] });
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
