// Calls the SDK's types must refuse: the packed-SDK test expects exactly these errors, which shows the
// types are real (a missing type would turn them into `any` and accept everything).
import { createRuntimeClient, type PlayerExplanation } from '@console/runtime-client';

const runtime = createRuntimeClient({ url: 'https://console.example.com', key: 'rk_example' });
// TS2769 (no overload matches): userId is a text.
runtime.resolve({ userId: 42 });
// TS2322: an answer without `explain: true` is a receipt, not an explanation.
export const explanation: PlayerExplanation = runtime.resolve({ userId: 'p-1' });
// TS2769 (no overload matches): Payer is true or false.
runtime.resolve({ userId: 'p-1', context: { Payer: 'yes' } });
