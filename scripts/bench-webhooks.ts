// `npm run bench` (webhooks): what a subscription costs a publish, and how fast its deliveries go. The same
// publishes (a release key-value change, each a runtime revision) with the environment's one subscription
// disabled (the baseline: the outbox's one query finds nobody) and enabled (a message and its job written
// in the transaction), alternated in rounds, the best of each kept; then the 1,000 messages of the enabled
// rounds delivered by a replica running the workers, to a receiver on a loopback port. Figures, not pass/fail.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildTestApp } from '@console/server/testing';
import { startBenchConsole } from './bench-console.ts';

const PUBLISHES = Number(process.env.BENCH_WEBHOOK_PUBLISHES ?? 1_000);
const ROUNDS = 2;
const perRound = Math.ceil(PUBLISHES / ROUNDS);

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

let published = 0;
async function publishes(count: number): Promise<number> {
  const start = performance.now();
  for (let index = 0; index < count; index++) {
    published += 1;
    await expectOk(bench.post('/api/release/kv/set', { keyValue: `bench=${published};` }));
  }
  return ((performance.now() - start) * 1000) / count; // µs per publish
}

await publishes(50); // warm-up, announced to nobody
let without = Number.POSITIVE_INFINITY;
let withSubscription = Number.POSITIVE_INFINITY;
for (let round = 0; round < ROUNDS; round++) {
  await setEnabled(false);
  without = Math.min(without, await publishes(perRound));
  await setEnabled(true);
  withSubscription = Math.min(withSubscription, await publishes(perRound));
}
await setEnabled(false);
const messages = await bench.app.db.webhookMessage.count({ where: { type: 'runtime.revision.published' } });

console.log(`webhooks: ${perRound} sequential publishes per round, ${ROUNDS} rounds each, in-process`);
console.log(
  `${'publish, subscription disabled (baseline)'.padEnd(46)} ${without.toFixed(0).padStart(7)} µs   1.00x`,
);
console.log(
  `${'publish, one subscription wanting it'.padEnd(46)} ${withSubscription.toFixed(0).padStart(7)} µs ${(withSubscription / without).toFixed(2).padStart(6)}x  (goal ≤ 1.05x)`,
);

// A replica running the workers delivers the burst, in order, one at a time for the subscription.
await setEnabled(true);
const replica = await buildTestApp(
  bench.app.config.databaseUrl,
  { ...env, JOB_WORKERS: 'true' },
  { jobs: true },
);
const start = performance.now();
await replica.ready();
const deadline = Date.now() + 600_000;
while (received < messages && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
const seconds = (performance.now() - start) / 1000;
console.log(
  `webhooks: ${received} of ${messages} messages delivered by one replica in ${seconds.toFixed(1)} s: ${(received / seconds).toFixed(0)} events/s`,
);

await replica.close();
await bench.close();
receiver.close();
