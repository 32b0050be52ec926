// The worst refusal: every declared call sent the bodies a hostile caller can send within the body limit
// (the fuzz suite's deep and huge values at a field, lists over their limit and of 100,000 elements at
// every list field, lists at their limit whose every element is wrong), and the CPU time of the costliest
// refusal printed against the baseline's. Goal: under 5 ms for any body within the body limit.
import { ALL_ENDPOINTS } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { deepAndHugeRequests } from '../apps/server/test/fuzz/deep-and-huge.ts';
import { oversizedListBodies, wrongElementBodies } from '../apps/server/test/fuzz/oversized-lists.ts';

const BODY_LIMIT_BYTES = 1024 * 1024;
/** Each body is sent this many times; its cost is the least of them (a collection in between is not its). */
const REPEATS = Number(process.env.BENCH_REFUSAL_REPEATS ?? 3);
/** Calls that end the session the benchmark uses. */
const SKIPPED = new Set(['/logout', '/api/auth/sign-out-everywhere']);

interface Refusal {
  what: string;
  /** Kept for the worst of each kind only (the bodies are up to 1 MB each). */
  body?: string;
  /** The kind of body, whatever field it is at ("a list 10,000 levels deep"). */
  kind: string;
  cpuMicros: number;
  status: number;
}

/** The CPU time (user + system, µs) of one in-process call. */
async function cpuOf(
  call: () => Promise<{ statusCode: number }>,
): Promise<{ micros: number; status: number }> {
  const start = process.cpuUsage();
  const response = await call();
  const used = process.cpuUsage(start);
  return { micros: used.user + used.system, status: response.statusCode };
}

export async function measureRefusals(
  app: FastifyInstance,
  cookie: string,
): Promise<{ baselineMicros: number; refusals: Refusal[]; worstOfKind: Map<string, Refusal> }> {
  const health = () => app.inject({ method: 'GET', url: '/healthz' });
  for (let index = 0; index < 50; index++) await health();
  let baselineTotal = 0;
  for (let index = 0; index < 200; index++) baselineTotal += (await cpuOf(health)).micros;
  const refusals: Refusal[] = [];
  const worstOfKind = new Map<string, Refusal>();
  for (const [index, endpoint] of ALL_ENDPOINTS.entries()) {
    if (SKIPPED.has(endpoint.path)) continue;
    const url = `${endpoint.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, 'x')}?configuration=dev`;
    const bodies = [
      ...deepAndHugeRequests(endpoint, index).map((request) => ({
        what: request.what,
        kind: request.what.split(' at ')[0]!,
        body: request.body!,
      })),
      ...oversizedListBodies(endpoint.body, index).map((request) => ({
        ...request,
        kind: request.what.includes('nulls') ? 'a list of 100,000 nulls' : 'a list one over its limit',
      })),
      ...wrongElementBodies(endpoint.body, index).map((request) => ({
        ...request,
        kind: 'a list at its limit, every element wrong',
      })),
    ].filter((request) => request.body.length <= BODY_LIMIT_BYTES);
    for (const { what, kind, body } of bodies) {
      const send = () =>
        app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload: body,
        });
      let least = Number.POSITIVE_INFINITY;
      let status = 0;
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        const measured = await cpuOf(send);
        least = Math.min(least, measured.micros);
        status = measured.status;
      }
      if (status >= 400 && status < 500) {
        const refusal: Refusal = { what: `${endpoint.path} with ${what}`, kind, cpuMicros: least, status };
        refusals.push(refusal);
        const worstSoFar = worstOfKind.get(kind);
        if (!worstSoFar || worstSoFar.cpuMicros < least) {
          if (worstSoFar) delete worstSoFar.body;
          refusal.body = body;
          worstOfKind.set(kind, refusal);
        }
      }
    }
  }
  return {
    baselineMicros: baselineTotal / 200,
    refusals,
    worstOfKind: new Map([...worstOfKind].sort(([, a], [, b]) => b.cpuMicros - a.cpuMicros)),
  };
}

/** The cost of only receiving a body: sent to the configuration catch-all, which takes any body and answers 404. */
async function receivingCost(app: FastifyInstance, cookie: string, body: string): Promise<number> {
  let least = Number.POSITIVE_INFINITY;
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const measured = await cpuOf(() =>
      app.inject({
        method: 'POST',
        url: '/api/config/bench-no-kind/get?configuration=dev',
        headers: { cookie, 'content-type': 'application/json' },
        payload: body,
      }),
    );
    least = Math.min(least, measured.micros);
  }
  return least;
}

/**
 * Prints the worst refusal, and the worst of each kind of body, each with its ratio to the baseline (GET
 * /healthz) and what only receiving the same body costs (parsing its JSON, the storable-text guard).
 */
export async function printWorstRefusals(app: FastifyInstance, cookie: string): Promise<void> {
  const { baselineMicros, refusals, worstOfKind } = await measureRefusals(app, cookie);
  console.log(
    `\nRefusals of hostile bodies within the ${BODY_LIMIT_BYTES / 1024} KB body limit, CPU time per call (the least of ` +
      `${REPEATS}; goal: the worst under 5,000 µs): ${refusals.length} bodies over ${ALL_ENDPOINTS.length} calls`,
  );
  const line = (name: string, micros: number, detail = '') =>
    console.log(
      `${name.padEnd(48)} ${micros.toFixed(0).padStart(7)} µs/call ${(micros / baselineMicros).toFixed(1).padStart(6)}x${detail}`,
    );
  const receiving = async (refusal: Refusal) =>
    `   receiving it alone ${(await receivingCost(app, cookie, refusal.body ?? '')).toFixed(0)} µs`;
  line('baseline GET /healthz (CPU)', baselineMicros);
  const worst = [...worstOfKind.values()][0];
  if (worst)
    line(
      'worst refusal (CPU)',
      worst.cpuMicros,
      `${await receiving(worst)}; ${worst.status} ${worst.what.slice(0, 100)}`,
    );
  for (const [kind, refusal] of worstOfKind)
    line(
      `  worst of ${kind}`.slice(0, 48),
      refusal.cpuMicros,
      `${await receiving(refusal)}; ${refusal.status} ${refusal.what.split(' with ')[0]}`,
    );
}
