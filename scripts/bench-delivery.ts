// What following one changed configuration's revision costs the process that serves game servers, in an
// environment of 1,000 and of 10,000 configurations (docs/decisions/0260: the revisions in memory). Seeded
// as bench-revisions.ts seeds (bench-seed.ts); per round one configuration's data is changed in SQL and
// published, then two caches of the same process load the new revision as its NOTIFY would make them:
// the served one (from what changed: the manifest, the parts not held) and the whole-revision read
// (every part read, parsed, serialised, compared, and its gzip and br copies made, as before parts were
// held). Each measurement starts after a forced GC, once the app's own cache has adopted the revision,
// so nothing else runs in the process. Printed per size: time and process CPU (medians) of each path,
// the served path as a fraction of the whole one, and the ratio 10,000 vs 1,000 (the goal: at most 1.5).
// Run: cd apps/server && npx tsx ../../scripts/bench-delivery.ts   (BENCH_DELIVERY_ROUNDS, default 7)
import { performance } from 'node:perf_hooks';
import { changedParts } from '@console/domain/runtime';
import { RuntimeCache } from '../apps/server/src/features/delivery/revision-cache.ts';
import {
  changeOneConfiguration,
  GIVE_UP_MS,
  gc,
  median,
  publishChanges,
  type SeededEnvironment,
  SIZES,
  withBenchConsole,
} from './bench-seed.ts';

const ROUNDS = Number(process.env.BENCH_DELIVERY_ROUNDS ?? 7);
const GOAL = 1.5;
const SETTLE_MS = 250;

type Path = 'served' | 'whole';
interface Cost {
  ms: number[];
  cpuMs: number[];
}

const costs = await withBenchConsole(async ({ app, client, seed }) => {
  await app.ready();
  const caches: Record<Path, RuntimeCache> = {
    served: new RuntimeCache(app.db, app.log, { describeChanges: changedParts }),
    whole: new RuntimeCache(app.db, app.log, { describeChanges: changedParts, readsWhole: true }),
  };
  const seeded = new Map<number, SeededEnvironment>();
  for (const size of SIZES) seeded.set(size, await seed(size));
  // Both caches hold every environment's latest revision before the first round.
  await Promise.all([caches.served.checkLatest(), caches.whole.checkLatest()]);

  /** Waits (capped) until the app's own cache serves `revision`: it shares the process and its CPU. */
  const appAdopted = async (environmentId: string, revision: number) => {
    const giveUp = Date.now() + GIVE_UP_MS;
    while (app.runtimeCache.get(environmentId)?.revision !== revision) {
      if (Date.now() > giveUp) throw new Error(`the app never adopted revision ${revision}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  const measured = new Map<number, Record<Path, Cost>>();
  for (const size of SIZES) {
    const environment = seeded.get(size)!;
    const { environmentId } = environment;
    const cost: Record<Path, Cost> = { served: { ms: [], cpuMs: [] }, whole: { ms: [], cpuMs: [] } };
    for (let round = 0; round < ROUNDS; round += 1) {
      await changeOneConfiguration(client, environment, 2_000_000 + round);
      const published = await publishChanges(app, environmentId);
      if (!published) throw new Error('the change published nothing');
      await appAdopted(environmentId, published.revision);
      const payload = JSON.stringify({ environmentId, revision: published.revision });
      // Alternating which path goes first, so neither always runs on a warmer process.
      const order: Path[] = round % 2 === 0 ? ['served', 'whole'] : ['whole', 'served'];
      for (const path of order) {
        const cache = caches[path];
        gc();
        // The collector's background threads finish (their CPU is the process's) before measuring.
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const cpu = process.cpuUsage();
        const started = performance.now();
        await cache.notified(payload);
        const adopted = cache.get(environmentId);
        // The whole read made both compressed copies at every revision.
        if (path === 'whole') await Promise.all([adopted?.compressed('gzip'), adopted?.compressed('br')]);
        cost[path].ms.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        cost[path].cpuMs.push((used.user + used.system) / 1000);
        if (adopted?.revision !== published.revision) throw new Error(`${path}: revision not adopted`);
      }
      const [fromParts, whole] = [caches.served.get(environmentId)!, caches.whole.get(environmentId)!];
      if (!fromParts.body.equals(whole.body)) throw new Error('the served body differs from the whole read');
      if (
        caches.served.eventsAfter(environmentId, published.revision - 1)?.[0]?.text !==
        caches.whole.eventsAfter(environmentId, published.revision - 1)?.[0]?.text
      ) {
        throw new Error("the served stream event differs from the whole read's");
      }
    }
    measured.set(size, cost);
  }
  caches.served.stop();
  caches.whole.stop();
  return measured;
});

const [small, large] = SIZES.map((size) => costs.get(size)!) as [Record<Path, Cost>, Record<Path, Cost>];
const show = (ms: number) => `${ms.toFixed(1)} ms`.padStart(10);
console.log(
  `\nFollowing one changed configuration's revision, ${ROUNDS} rounds per size (configurations: ${SIZES.join(' vs ')}), medians after a forced GC\n` +
    'served: from what changed (manifest, parts not held); whole: every part read, parsed, serialised, compared, gzip and br made',
);
for (const [label, field] of [
  ['time', 'ms'],
  ['CPU', 'cpuMs'],
] as const) {
  const served = [median(small.served[field]), median(large.served[field])] as const;
  const whole = [median(small.whole[field]), median(large.whole[field])] as const;
  const ratio = served[1] / served[0];
  console.log(
    `${`served ${label}`.padEnd(14)} ${show(served[0])} ${show(served[1])}   ratio ${ratio.toFixed(2)} (goal at most ${GOAL})${ratio > GOAL ? '  ABOVE GOAL' : ''}`,
  );
  console.log(
    `${`whole ${label}`.padEnd(14)} ${show(whole[0])} ${show(whole[1])}   ratio ${(whole[1] / whole[0]).toFixed(2)} (baseline)`,
  );
  console.log(
    `${'served/whole'.padEnd(14)} ${(served[0] / whole[0]).toFixed(3).padStart(10)} ${(served[1] / whole[1]).toFixed(3).padStart(10)}`,
  );
}
