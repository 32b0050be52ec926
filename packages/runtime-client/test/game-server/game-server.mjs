// A small game server in plain JavaScript, run by the packed-SDK test from a project that installed the
// packed SDK: it starts through OpenFeature, resolves the players it is given, reads a plugin through
// OpenFeature, collects a player's grants, reports its revision and prints what it saw as JSON.
import { createRuntimeClient } from '@console/runtime-client';
import { RuntimeOpenFeatureProvider } from '@console/runtime-client/openfeature';
import { OpenFeature } from '@openfeature/server-sdk';

const runtime = createRuntimeClient({
  url: process.env.CONSOLE_URL,
  key: process.env.RUNTIME_KEY,
  instance: process.env.INSTANCE,
  logger: { warn: () => {}, error: (message) => process.stderr.write(`${message}\n`) },
});
const exposures = [];
runtime.on('exposure', (exposure) => exposures.push(exposure));
await OpenFeature.setProviderAndWait(new RuntimeOpenFeatureProvider(runtime, { startTimeoutMs: 60_000 }));

const players = JSON.parse(process.env.PLAYERS);
const receipts = players.map((player) => runtime.resolve(player));
const explanation = runtime.resolve({ ...players[0], explain: true });
const [first] = players;
const flag = await OpenFeature.getClient().getBooleanDetails('GOLD_RUSH', false, {
  targetingKey: first.userId,
  ...first.context,
  level: first.level,
  at: first.at,
});
const grants = await runtime.grants.pending(process.env.GRANT_PLAYER);
const { collected } = await runtime.grants.ack(grants.map((grant) => grant.id));
await runtime.reportApplied();
const revision = runtime.revision;
await OpenFeature.close();
process.stdout.write(
  JSON.stringify({
    node: process.version,
    revision,
    receipts,
    explanation,
    flag,
    exposures,
    grants,
    collected,
  }),
);
