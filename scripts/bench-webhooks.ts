// `npm run bench` (webhooks): what a subscription costs a publish, and how fast its deliveries go. The same
// publishes (a release key-value change, each a runtime revision) with the environment's one subscription
// disabled (the baseline: the outbox's one query finds nobody) and enabled (its message written in the
// transaction, its delivery job sent after the commit), PUBLISHES / 2 each, alternated in short rounds so
// that the machine's load falls on both alike; each side's median round is kept. Where the time went: the
// runtime publish and the outbox step, timed in their transaction through their diagnostics channels.
// Then a burst of PUBLISHES messages (the enabled rounds' and more) is delivered by a replica running the
// workers, to a receiver on a loopback port. Figures, not pass/fail.
import { subscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildTestApp } from '@console/server/testing';
import { startBenchConsole } from './bench-console.ts';

const PUBLISHES = Number(process.env.BENCH_WEBHOOK_PUBLISHES ?? 1_000);
/** Rounds per side: a side's publishes are PUBLISHES / 2, split in this many rounds. */
const ROUNDS = 20;
const perRound = Math.ceil(PUBLISHES / 2 / ROUNDS);

let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    response.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

// Workers off in the publishing console: the publishes' cost is measured apart from delivering them.
const env = { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', JOB_WORKERS: 'false' };
const bench = await startBenchConsole(env);
const expectOk = async (response: ReturnType<typeof bench.post>) => {
  const answer = await response;
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
  return answer.json().payload;
};
const subscription = await expectOk(
  bench.post('/api/webhooks/create', {
    name: 'bench',
    url: receiverUrl,
    events: ['runtime.revision.published'],
    enabled: false,
  }),
);
const setEnabled = (enabled: boolean) =>
  expectOk(
    bench.post('/api/webhooks/save', {
      id: subscription.id,
      name: 'bench',
      url: receiverUrl,
      events: ['runtime.revision.published'],
      enabled,
    }),
  );

/** The runtime publish's and the outbox step's time in each publish's transaction, summed per round. */
const inTransaction = { publish: 0, outbox: 0 };
subscribe('console.runtime.publish', (timing) => {
  inTransaction.publish += (timing as { seconds: number }).seconds;
});
subscribe('console.webhooks.outbox', (timing) => {
  inTransaction.outbox += (timing as { seconds: number }).seconds;
});

interface Round {
  /** µs per publish, over HTTP (in-process) */
  total: number;
  publish: number;
  outbox: number;
}

let published = 0;
async function publishes(count: number): Promise<Round> {
  inTransaction.publish = 0;
  inTransaction.outbox = 0;
  const start = performance.now();
  for (let index = 0; index < count; index++) {
    published += 1;
    await expectOk(bench.post('/api/release/kv/set', { keyValue: `bench=${published};` }));
  }
  const perPublish = (seconds: number) => (seconds * 1e6) / count;
  return {
    total: ((performance.now() - start) * 1000) / count,
    publish: perPublish(inTransaction.publish),
    outbox: perPublish(inTransaction.outbox),
  };
}

const medianOf = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const median = (rounds: readonly Round[], key: keyof Round) => medianOf(rounds.map((round) => round[key]));
/** The median of each round's enabled / disabled ratio: the two sides of a round ran side by side. */
const pairedRatio = (key: keyof Round) =>
  medianOf(withSubscription.map((round, index) => round[key] / without[index]![key]));

await publishes(50); // warm-up, announced to nobody
const without: Round[] = [];
const withSubscription: Round[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Which side goes first alternates, so neither always follows the switch.
  for (const enabled of round % 2 === 0 ? [false, true] : [true, false]) {
    await setEnabled(enabled);
    (enabled ? withSubscription : without).push(await publishes(perRound));
  }
}
// The burst to deliver: PUBLISHES messages in the outbox, the enabled rounds' and as many more.
const countMessages = () =>
  bench.app.db.webhookMessage.count({ where: { type: 'runtime.revision.published' } });
await setEnabled(true);
await publishes(Math.max(0, PUBLISHES - (await countMessages())));
await setEnabled(false);
const messages = await countMessages();

const line = (label: string, value: number, ratio: string) =>
  console.log(`${label.padEnd(46)} ${value.toFixed(0).padStart(7)} µs ${ratio}`);
const ratioOf = (value: number, base: number) => `${(value / base).toFixed(2).padStart(6)}x`;
const baseline = median(without, 'total');
const subscribed = median(withSubscription, 'total');
console.log(
  `webhooks: ${perRound} sequential publishes per round, ${ROUNDS} rounds each, alternated, in-process; medians`,
);
line('publish, subscription disabled (baseline)', baseline, '  1.00x');
line('publish, one subscription wanting it', subscribed, ratioOf(subscribed, baseline));
console.log(
  `ratio of each round's two sides, median: ${pairedRatio('total').toFixed(3)}x (goal ≤ 1.05x); the same ` +
    `runtime publish step in both, for the noise: ${pairedRatio('publish').toFixed(3)}x`,
);
for (const [label, rounds] of [
  ['disabled', without],
  ['enabled', withSubscription],
] as const) {
  const publish = median(rounds, 'publish');
  const outbox = median(rounds, 'outbox');
  line(`  ${label}: runtime publish step`, publish, ratioOf(publish, median(without, 'publish')));
  line(`  ${label}: outbox step`, outbox, '');
  line(`  ${label}: the rest of the request`, median(rounds, 'total') - publish - outbox, '');
}

// A replica running the workers delivers the burst, in order, one at a time for the subscription.
await setEnabled(true);
const replica = await buildTestApp(
  bench.app.settings.databaseUrl,
  { ...env, JOB_WORKERS: 'true' },
  { jobs: true },
);
const start = performance.now();
await replica.ready();
// A cap against a hang only: the figure is what it took.
const deadline = Date.now() + 300_000;
while (received < messages && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
const seconds = (performance.now() - start) / 1000;
console.log(
  `webhooks: ${received} of ${messages} messages delivered by one replica in ${seconds.toFixed(1)} s: ${(received / seconds).toFixed(0)} events/s`,
);

await replica.close();
await bench.close();
receiver.close();
