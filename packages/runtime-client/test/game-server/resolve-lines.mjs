// The packed SDK's resolve() for bodies sent one JSON line at a time, run by the packed-SDK test from a
// project that installed the packed SDK: the first line is the snapshot to serve, each later line a
// body; each answer is one JSON line: the answer, or the error resolve() threw, as a game server sees it.
import { createInterface } from 'node:readline';
import { createTestRuntimeClient, ResolveInputError } from '@console/runtime-client';

let runtime = null;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
  if (runtime === null) {
    runtime = createTestRuntimeClient({ snapshot: line });
    process.stdout.write(`${JSON.stringify({ ready: runtime.revision })}\n`);
    continue;
  }
  let reply;
  try {
    reply = { answer: runtime.resolve(JSON.parse(line)) };
  } catch (error) {
    const { name, message, code, path, field } = error;
    reply = {
      thrown: { name, message, code, path, field, isResolveInputError: error instanceof ResolveInputError },
    };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
