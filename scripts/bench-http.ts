// HTTP load through a real socket (autocannon), run by `npm run bench` after the in-process cases.
// Throughput cases print req/s and the ratio to GET /healthz measured in the same run (and to a bare
// Fastify hello world, the ceiling of this machine); pages of the audit and configuration lists print
// their latency percentiles at 10 concurrent operators. The app logs nothing (quiet logs), as with LOG_LEVEL=warn in production.
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Target: a page of a 10,000-row list answers with p99 ≤ 50 ms at 10 concurrent operators. */
export const LIST_PAGE_P99_BUDGET_MS = 50;
const OPERATORS = 10;

export interface Load {
  url: string;
  method?: 'GET' | 'POST';
  cookie?: string;
  /** More request headers (a runtime key, If-None-Match, Accept-Encoding). */
  headers?: Record<string, string>;
  body?: unknown;
  connections: number;
  /** The status every answer should have (200 when absent); others count as failures. */
  expectStatus?: number;
  /** How long the load runs: BENCH_SECONDS (5) when absent. */
  seconds?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Answers received during the run. */
  requests: number;
  p50: number;
  p99: number;
  failures: number;
}

export async function load({
  url,
  method = 'GET',
  cookie,
  headers,
  body,
  connections,
  expectStatus = 200,
  seconds = SECONDS,
}: Load): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method,
    connections,
    duration: seconds,
    // The load generator runs in its own thread, so it does not share the server's event loop.
    workers: 1,
    headers: {
      ...headers,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures:
      Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => Number(status) !== expectStatus)
        .reduce((total, [, stats]) => total + stats.count, 0) +
      result.errors +
      result.timeouts,
  };
}

let bareAnswer = '{}';
/** What the bare server's POST /answer sends (JSON text). */
export function setBareAnswer(text: string): void {
  bareAnswer = text;
}

/** `logger`: pino's options when the app compared with it logs too (false: no logger, as by default). */
export async function startBareFastify(
  logger: false | Record<string, unknown> = false,
): Promise<FastifyInstance> {
  const bare = Fastify({ logger });
  bare.get('/', async () => ({ hello: 'world' }));
  // A JSON body in and out: what a POST costs in Fastify itself (the runtime benchmark's context for resolve).
  bare.post('/echo', async (request) => request.body);
  // The JSON body parsed, and a given answer of as many bytes as the route compared with it (resolve).
  bare.post('/answer', (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(bareAnswer);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return bare;
}

export const addressOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
};

const percent = (value: number, base: number) => `${((value / base) * 100).toFixed(0)}%`;
const requestsText = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`.padStart(12);
const failuresText = (result: LoadResult) => (result.failures ? `   ${result.failures} FAILED` : '');

/** How many rows dev holds in each list that pages: the audit log and the configurations (one kind). */
export interface ListRows {
  audit: number;
  configurations: number;
  /** The kind every benchmark configuration has. */
  configurationKind: string;
}

/** Runs the HTTP cases against a listening console app whose dev environment holds `rows`. */
export async function runHttpBench(app: FastifyInstance, cookie: string, rows: ListRows): Promise<void> {
  const bare = await startBareFastify();
  const base = addressOf(app);
  try {
    // Load and server share this machine's cores: figures compare within one run, not across runs.
    const [load1] = loadavg();
    console.log(
      `\nHTTP load (autocannon, ${SECONDS} s per case, 100 connections; logs off; ` +
        `load average ${load1?.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    const ceiling = await load({ url: `${addressOf(bare)}/`, connections: 100 });
    const health = await load({ url: `${base}/healthz`, connections: 100 });
    const throughput: [string, LoadResult][] = [
      ['bare Fastify GET / (ceiling)', ceiling],
      ['GET /healthz (baseline)', health],
      [
        'POST /api/auth/me (session, no query)',
        await load({ url: `${base}/api/auth/me`, method: 'POST', cookie, connections: 100 }),
      ],
      [
        'POST /api/id/random?configuration=dev',
        await load({
          url: `${base}/api/id/random?configuration=dev`,
          method: 'POST',
          cookie,
          connections: 100,
        }),
      ],
    ];
    for (const [name, result] of throughput) {
      console.log(
        `${name.padEnd(44)} ${requestsText(result.requestsPerSecond)}  ${percent(result.requestsPerSecond, health.requestsPerSecond).padStart(5)} of /healthz  ${percent(result.requestsPerSecond, ceiling.requestsPerSecond).padStart(5)} of bare${failuresText(result)}`,
      );
    }

    const pageLoad = async (name: string, url: string, body: object) => {
      const result = await load({
        url: `${base}${url}`,
        method: 'POST',
        cookie,
        body,
        connections: OPERATORS,
      });
      const verdict = result.p99 <= LIST_PAGE_P99_BUDGET_MS ? 'ok' : 'OVER BUDGET';
      console.log(
        `${name.padEnd(44)} ${requestsText(result.requestsPerSecond)}  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms  ${verdict}${failuresText(result)}`,
      );
    };

    const auditRows = rows.audit;
    console.log(
      `\nAudit list, ${auditRows.toLocaleString('en-US')} rows in dev, ${OPERATORS} concurrent operators (budget p99 ≤ ${LIST_PAGE_P99_BUDGET_MS} ms)`,
    );
    const idAt = async (offset: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/audit/list?configuration=dev',
        headers: { cookie },
        payload: { offset, limit: 1 },
      });
      return (response.json() as { payload: { id: number }[] }).payload[0]!.id;
    };
    const middle = Math.floor(auditRows / 2);
    const last = auditRows - 100;
    // The screen pages by the last id shown (before); offset paging is the API's other way.
    const pages: [string, object][] = [
      ['first page', { limit: 100 }],
      ['middle page (before id)', { limit: 100, before: (await idAt(middle)) + 1 }],
      ['last page (before id)', { limit: 100, before: (await idAt(last)) + 1 }],
      ['first page of one action', { limit: 100, action: 'plugin.activate' }],
      ['middle page (offset)', { offset: middle, limit: 100 }],
      ['last page (offset)', { offset: last, limit: 100 }],
    ];
    for (const [name, body] of pages) {
      await pageLoad(`POST /api/audit/list ${name}`, '/api/audit/list?configuration=dev', body);
    }

    const { configurations, configurationKind: kind } = rows;
    console.log(
      `\nConfiguration lists, ${configurations.toLocaleString('en-US')} ${kind} configurations in dev, ${OPERATORS} concurrent operators (budget p99 ≤ ${LIST_PAGE_P99_BUDGET_MS} ms)`,
    );
    const configPages: [string, string, object][] = [
      [`/api/config/${kind}/list first page`, `/api/config/${kind}/list`, { limit: 100 }],
      [
        `/api/config/${kind}/list middle page`,
        `/api/config/${kind}/list`,
        { offset: Math.floor(configurations / 2), limit: 100 },
      ],
      [
        '/api/plugin/config/list last page',
        '/api/plugin/config/list',
        { offset: configurations - 100, limit: 100 },
      ],
    ];
    for (const [name, url, body] of configPages) {
      await pageLoad(`POST ${name}`, `${url}?configuration=dev`, body);
    }
  } finally {
    await bare.close();
  }
}
