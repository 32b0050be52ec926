import type { Page } from 'playwright-core';

/**
 * Calls the console's API from the page, with its session, in `environment` (dev unless given), as the web app
 * does: answers the payload, or throws with the status and the server's error.
 */
export const callApiFromPage = <T = unknown>(
  page: Page,
  path: string,
  body: unknown = {},
  environment = 'dev',
) =>
  page.evaluate(
    async ([url, payload, configuration]) => {
      const response = await fetch(`${url}?configuration=${configuration}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const answer = await response.json();
      if (!response.ok || 'error' in answer) throw new Error(`${url}: ${response.status} ${answer.error}`);
      return answer.payload;
    },
    [path, body, environment] as const,
  ) as Promise<T>;

/** An A/B-test with one saved (not yet activated) version of these weights. */
export async function createAbTestWithVersion(page: Page, id: string, weights: number[]): Promise<void> {
  await callApiFromPage(page, '/api/abtest/create', { id, description: `About ${id}`, type: 0 });
  await callApiFromPage(page, '/api/abtest/versions/save', { id, weights });
}
