// The typed face of the SDK as a strict NodeNext TypeScript game server sees it: every line must
// type-check against the packed package alone (no @console/domain, no extra compiler setting).
import {
  createRuntimeClient,
  createTestRuntimeClient,
  type Exposure,
  type PlayerExplanation,
  type PlayerReceipt,
  type ResolveAnswer,
  ResolveInputError,
  type RuntimeApiError,
  type RuntimeSnapshot,
  readSnapshotFile,
} from '@console/runtime-client';
import { RuntimeOpenFeatureProvider } from '@console/runtime-client/openfeature';
import { OpenFeature } from '@openfeature/server-sdk';

const exposures: Exposure[] = [];
const runtime = createRuntimeClient({
  url: 'https://console.example.com',
  key: 'rk_example',
  snapshotFile: '/var/lib/game/runtime-snapshot.json',
  onExposure: (exposure) => exposures.push(exposure),
});
runtime.on('stopped', (error: RuntimeApiError) => console.error(error.status, error.isKeyRefused));

export async function serve(): Promise<void> {
  const snapshot: RuntimeSnapshot = await runtime.start({ timeoutMs: 5_000 });
  const receipt: PlayerReceipt = runtime.resolve({
    userId: 'p-1',
    context: { Platform: 'ios', Payer: true },
    level: 3,
  });
  const sticky: Record<string, number> = receipt.assignments;
  const explanation: PlayerExplanation = runtime.resolve({
    userId: 'p-1',
    assignments: sticky,
    explain: true,
  });
  const skipped: number = explanation.plugins[0]?.skipped.length ?? 0;
  const either: ResolveAnswer = runtime.resolve({ userId: 'p-1', explain: Math.random() > 0.5 });
  const caseIndex: number | null = either.kind === 'receipt' ? (either.plugins[0]?.caseIndex ?? null) : null;
  // Saved assignments may be corrupt: resolve() refuses them as the console would, naming the field
  try {
    runtime.resolve({
      userId: 'p-1',
      assignments: JSON.parse('{"spring-sale": -1}') as Record<string, number>,
    });
  } catch (error) {
    if (!(error instanceof ResolveInputError)) throw error;
    const where: string = error.field;
    const path: readonly (string | number)[] = error.path;
    console.warn(where, path.length, error.code, error.message);
  }
  const grants = await runtime.grants.pending('p-1');
  const { collected }: { collected: number[] } = await runtime.grants.ack(grants.map((grant) => grant.id));
  console.log(snapshot.revision, skipped, caseIndex, collected, exposures.length);

  await OpenFeature.setProviderAndWait(new RuntimeOpenFeatureProvider(runtime));
  const reward: number = await OpenFeature.getClient().getNumberValue('GOLD_RUSH.reward', 0, {
    targetingKey: 'p-1',
  });
  console.log(reward);

  const saved = await readSnapshotFile('/var/lib/game/runtime-snapshot.json');
  if (saved) {
    const test = createTestRuntimeClient({
      snapshot: saved,
      grants: { 'p-1': [{ item: 'Coin', amount: 5, created: '' }] },
    });
    test.publish(saved);
    test.revokeKey();
  }
}
