import { RUNTIME_EVENTS_PATH } from '@console/domain/runtime';
import type { TestApp, TestResponse } from '../../../test/helpers.ts';

// What the experiment tests share: a runtime key, metrics created over the API, batches sent as a game
// server sends them.

export async function createRuntimeKey(t: TestApp, cookie: string, environment = 'dev'): Promise<string> {
  const created = await t.post(
    `/api/runtime-keys/create?configuration=${environment}`,
    { name: 'gs' },
    cookie,
  );
  return created.json().payload.key as string;
}

export function sendEvents(t: TestApp, key: string, events: unknown[]): Promise<TestResponse> {
  return t.request({
    method: 'POST',
    url: RUNTIME_EVENTS_PATH,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    payload: JSON.stringify({ events }),
  });
}

export async function createMetrics(
  t: TestApp,
  cookie: string,
  metrics: Record<string, unknown>[],
  environment = 'dev',
): Promise<void> {
  for (const metric of metrics) {
    const response = await t.post(
      `/api/experiment/metric/create?configuration=${environment}`,
      metric,
      cookie,
    );
    if (response.statusCode !== 200) throw new Error(`metric ${JSON.stringify(metric)}: ${response.body}`);
  }
}

/** The four kinds over two events: what most experiment tests measure. */
export const STANDARD_METRICS = [
  {
    id: 'converted',
    name: 'Purchased within 3 days',
    kind: 'conversion',
    event: 'purchase',
    conversionWindowDays: 3,
  },
  { id: 'revenue', name: 'Revenue per player', kind: 'revenue', event: 'purchase' },
  { id: 'sessions', name: 'Sessions per player', kind: 'mean', event: 'session' },
  {
    id: 'per-session',
    name: 'Revenue per session',
    kind: 'ratio',
    event: 'purchase',
    denominatorEvent: 'session',
  },
] as const;
