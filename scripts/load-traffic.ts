// The load generator of scripts/load.ts, in a worker thread of its own so that it does not share the
// server's event loop: autocannon drives the connections through a mix of operator calls, and every
// answer is counted under its call's kind (latency, status) for the per-kind figures.
import { parentPort, workerData } from 'node:worker_threads';
import { PluginId } from '@console/domain/enums';
import autocannon from 'autocannon';

/** What the main thread tells the worker: where the console is and what its dev environment holds. */
export interface TrafficPlan {
  url: string;
  cookie: string;
  seconds: number;
  connections: number;
  abTestIds: string[];
  rolloutIds: string[];
  configurationKind: string;
  configurationCount: number;
  /** Configurations no plugin entry points at, which a save may change. */
  editableConfigurationIds: string[];
  configurationData: unknown;
  /** The audit log's id range in dev, for pages before a given id. */
  auditIds: [number, number];
}

export interface KindFigures {
  kind: string;
  requests: number;
  errors: number;
  /** A few of the failing answers, to say what went wrong. */
  samples: string[];
  latencies: number[];
}

export interface TrafficResult {
  kinds: KindFigures[];
  /** Connection errors and timeouts, which have no kind. */
  connectionErrors: number;
  timeouts: number;
  durationSeconds: number;
}

interface CallKind {
  kind: string;
  path: string;
  /** How often it comes in one round of the mix. */
  weight: number;
  body?: () => unknown;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** An operator's day in proportions: mostly lists and reads, about one call in seven a change. */
function mixOf(plan: TrafficPlan): CallKind[] {
  const kind = plan.configurationKind;
  const [firstAudit, lastAudit] = plan.auditIds;
  return [
    { kind: 'session (auth/me)', path: '/api/auth/me', weight: 1 },
    { kind: 'environment list', path: '/api/configuration/list', weight: 1 },
    { kind: 'A/B-test list', path: '/api/abtest/list', weight: 2 },
    { kind: 'A/B-test recent', path: '/api/abtest/list/recent', weight: 1 },
    { kind: 'A/B-test get', path: '/api/abtest/get', weight: 3, body: () => ({ id: pick(plan.abTestIds) }) },
    {
      kind: 'A/B-test version save',
      path: '/api/abtest/versions/save',
      weight: 1,
      body: () => {
        const share = between(1, 999) * 1_000;
        return { id: pick(plan.abTestIds), weights: [share, 1_000_000 - share] };
      },
    },
    {
      kind: 'rollout apply (activation)',
      path: '/api/abtest/rollout/apply',
      weight: 1,
      body: () => ({ id: pick(plan.rolloutIds), treatment: between(1, 99) }),
    },
    {
      kind: 'configuration page',
      path: `/api/config/${kind}/list`,
      weight: 2,
      body: () => ({ offset: between(0, plan.configurationCount - 100), limit: 100 }),
    },
    {
      kind: 'configuration get',
      path: `/api/config/${kind}/get`,
      weight: 2,
      body: () => ({ id: pick(plan.editableConfigurationIds) }),
    },
    {
      kind: 'configuration save',
      path: `/api/config/${kind}/save`,
      weight: 1,
      body: () => {
        const id = pick(plan.editableConfigurationIds);
        return { id, description: `Load ${id} ${between(0, 9_999)}`, data: plan.configurationData };
      },
    },
    { kind: 'plugin list', path: '/api/plugin/list', weight: 1 },
    {
      kind: 'plugin get',
      path: '/api/plugin/get',
      weight: 1,
      body: () => ({ pluginId: PluginId.AGILITY_RACE }),
    },
    {
      kind: 'segment validation',
      path: '/api/segment/validate/condition',
      weight: 1,
      body: () => ({ condition: { property: 2, op: 5, value: pick(['ios, android', 'ios', 'android']) } }),
    },
    { kind: 'audit first page', path: '/api/audit/list', weight: 1, body: () => ({ limit: 100 }) },
    {
      kind: 'audit page before an id',
      path: '/api/audit/list',
      weight: 1,
      body: () => ({ limit: 100, before: between(firstAudit + 100, lastAudit) }),
    },
  ];
}

/** One round of the mix, each kind as often as its weight, shuffled so kinds interleave. */
function roundOf(mix: CallKind[]): CallKind[] {
  const round = mix.flatMap((call) => Array.from({ length: call.weight }, () => call));
  for (let index = round.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [round[index], round[other]] = [round[other]!, round[index]!];
  }
  return round;
}

async function run(plan: TrafficPlan): Promise<TrafficResult> {
  const figures = new Map<string, KindFigures>();
  const round = roundOf(mixOf(plan));
  for (const call of round) {
    figures.set(call.kind, { kind: call.kind, requests: 0, errors: 0, samples: [], latencies: [] });
  }
  const requests = round.map((call) => ({
    method: 'POST' as const,
    path: `${call.path}?configuration=dev`,
    headers: { cookie: plan.cookie, 'content-type': 'application/json' },
    kind: call.kind,
    setupRequest: (request: { body?: string }) => {
      request.body = JSON.stringify(call.body?.() ?? {});
      return request;
    },
    onResponse: (status: number, body: string) => {
      if (status >= 200 && status < 300) return;
      const entry = figures.get(call.kind)!;
      if (entry.samples.length < 3) entry.samples.push(`${status} ${body.slice(0, 200)}`);
    },
  }));
  const started = performance.now();
  const instance = autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    requests,
  });
  // Emitted before the connection moves on, so its current request is the one answered.
  instance.on('response', (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    const kind = (client as { requestIterator: { currentRequest: { kind: string } } }).requestIterator
      .currentRequest.kind;
    const entry = figures.get(kind)!;
    entry.requests += 1;
    entry.latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) entry.errors += 1;
  });
  const result = await instance;
  return {
    kinds: [...figures.values()],
    connectionErrors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: (performance.now() - started) / 1_000,
  };
}

parentPort?.postMessage(await run(workerData as TrafficPlan));
