import { runtimeEndpoints } from '@console/domain/runtime';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { countGameServersByRevision } from './instances.service.ts';

/** The runtime calls counted per environment: their rates and the snapshot's 304 ratio. */
export type CountedRuntimeCall = 'snapshot' | 'resolve';
export const COUNTED_RUNTIME_CALLS: ReadonlyMap<string, CountedRuntimeCall> = new Map([
  [runtimeEndpoints.snapshot.path, 'snapshot'],
  [runtimeEndpoints.resolve.path, 'resolve'],
]);

export interface RuntimeCallCounts {
  /** One answered runtime call: plain counting on the request path, read into the registry at scrape. */
  count(environmentId: string, call: CountedRuntimeCall, status: number): void;
}

/**
 * The game servers' side per environment: the revision this process serves, the game servers on each
 * applied revision and how far behind the furthest is, this process's open streams and WebSockets,
 * and the runtime calls answered. Everything is read when scraped, from what the process holds anyway
 * (plus one grouped query for the game servers, whose reports are shared by every process).
 */
export function registerRuntimeMetrics(app: FastifyInstance, registry: Registry): RuntimeCallCounts {
  const registers = [registry];
  // environment → call → status → answered so far.
  const counts = new Map<string, Record<CountedRuntimeCall, Map<number, number>>>();

  new Gauge({
    name: 'console_runtime_revision',
    help: 'The runtime revision this process serves, per environment',
    labelNames: ['environment'],
    registers,
    collect() {
      this.reset();
      for (const served of app.runtimeCache.servedRevisions()) {
        this.set({ environment: served.environmentId }, served.revision);
      }
    },
  });

  // One grouped query per scrape feeds both game-server series: the first's collect starts it (a
  // scrape collects every series at once, in registration order), the second's waits for it.
  let counting: Promise<Map<string, number>> = Promise.resolve(new Map());
  new Gauge({
    name: 'console_runtime_game_servers',
    help: 'Game servers that reported applying each revision (within the retention), per environment; the same in every process',
    labelNames: ['environment', 'revision'],
    registers,
    async collect() {
      counting = countGameServers(this);
      await counting;
    },
  });
  new Gauge({
    name: 'console_runtime_game_servers_revisions_behind',
    help: 'How many revisions the furthest-behind game server (reporting within the retention) is behind',
    labelNames: ['environment'],
    registers,
    async collect() {
      this.reset();
      for (const [environment, revisions] of await counting) this.set({ environment }, revisions);
    },
  });

  /** Sets the per-revision counts; answers how far behind the furthest game server of each environment is. */
  async function countGameServers(gauge: Gauge<'environment' | 'revision'>): Promise<Map<string, number>> {
    gauge.reset();
    const furthest = new Map<string, number>();
    let rows: Awaited<ReturnType<typeof countGameServersByRevision>>;
    try {
      rows = await countGameServersByRevision(app.db);
    } catch (error) {
      // A scrape while the database is away still answers the rest.
      app.log.debug({ err: error }, 'game servers not counted');
      return furthest;
    }
    for (const { environmentId, revision, count } of rows) {
      gauge.set({ environment: environmentId, revision: String(revision) }, count);
      const current = app.runtimeCache.get(environmentId)?.revision ?? revision;
      furthest.set(environmentId, Math.max(furthest.get(environmentId) ?? 0, current - revision));
    }
    return furthest;
  }

  new Gauge({
    name: 'console_runtime_streams',
    help: 'Open /runtime/v1/stream connections of this process, per environment',
    labelNames: ['environment'],
    registers,
    collect() {
      this.reset();
      for (const [environment, open] of app.runtimeStreams.countByEnvironment()) {
        this.set({ environment }, open);
      }
    },
  });

  new Gauge({
    name: 'console_runtime_websockets',
    help: 'Open game-client WebSockets (/runtime/connect) of this process, per environment',
    labelNames: ['environment'],
    registers,
    collect() {
      this.reset();
      for (const [environment, open] of app.connections.countByEnvironment()) this.set({ environment }, open);
    },
  });

  new Counter({
    name: 'console_runtime_requests_total',
    help: 'Runtime snapshot and resolve calls answered by this process, per environment, call and status',
    labelNames: ['environment', 'call', 'status'],
    registers,
    collect() {
      this.reset();
      for (const [environment, calls] of counts) {
        for (const call of COUNTED_RUNTIME_CALLS.values()) {
          for (const [status, answered] of calls[call]) {
            this.inc({ environment, call, status: String(status) }, answered);
          }
        }
      }
    },
  });

  return {
    count(environmentId, call, status) {
      let calls = counts.get(environmentId);
      if (calls === undefined) {
        calls = { snapshot: new Map(), resolve: new Map() };
        counts.set(environmentId, calls);
      }
      const byStatus = calls[call];
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    },
  };
}
