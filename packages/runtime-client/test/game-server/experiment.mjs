// A game server running a simulated experiment, from the packed SDK: it resolves each player (the SDK
// sends their exposures by itself), and makes a player purchase by a rule of their case the test knows
// (every BUY_EVERY[case]-th player of a case buys, for AMOUNT[case]), then closes, which sends what is left.
import { createRuntimeClient } from '@console/runtime-client';

const runtime = createRuntimeClient({
  url: process.env.CONSOLE_URL,
  key: process.env.RUNTIME_KEY,
  instance: 'experiment-game-server',
  logger: { warn: () => {}, error: (message) => process.stderr.write(`${message}\n`) },
  events: { batchSize: 250, flushIntervalMs: 20 },
});
await runtime.start({ timeoutMs: 60_000 });
// the revision that activated the experiment's version (the stream brings it if start() got an older one)
while ((runtime.revision ?? 0) < Number(process.env.REVISION))
  await new Promise((done) => setTimeout(done, 20));
const abTestId = process.env.AB_TEST;
const buyEvery = JSON.parse(process.env.BUY_EVERY);
const amounts = JSON.parse(process.env.AMOUNT);
const players = Number(process.env.PLAYERS);
const seen = buyEvery.map(() => 0);
const cases = [];
for (let index = 0; index < players; index += 1) {
  const userId = `experiment-${index}`;
  const receipt = runtime.resolve({ userId, context: { Platform: 'android' }, level: 100 });
  const caseIndex = receipt.plugins.find((plugin) => plugin.abTestId === abTestId)?.caseIndex ?? null;
  cases.push(caseIndex);
  if (caseIndex === null) continue;
  seen[caseIndex] += 1;
  if (seen[caseIndex] % buyEvery[caseIndex] === 0)
    runtime.track(userId, 'experiment-purchase', amounts[caseIndex]);
  runtime.track(userId, 'experiment-session');
}
let badTrack = null;
try {
  runtime.track('', 'experiment-purchase');
} catch (error) {
  badTrack = `${error.name}: ${error.message}`;
}
await runtime.close();
process.stdout.write(JSON.stringify({ cases, counts: runtime.eventCounts, badTrack }));
