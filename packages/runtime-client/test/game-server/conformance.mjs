// The runtime specification's conformance suite run by the packed SDK, from a project that installed it:
// each file's snapshot served by the in-memory client (the same resolution the console-following client
// runs), each test resolved, and the answers that differ from the expected receipt printed as JSON; then
// refusals.json: each body refused by resolve() with ResolveInputError in the console's words, each
// snapshot refused by the client, naming where.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { createTestRuntimeClient, ResolveInputError } from '@console/runtime-client';

const directory = process.env.SPEC_DIRECTORY;
const files = JSON.parse(readFileSync(`${directory}index.json`, 'utf8'));
let tests = 0;
const failures = [];
for (const file of files) {
  const { snapshot, tests: cases } = JSON.parse(readFileSync(`${directory}${file}`, 'utf8'));
  const runtime = createTestRuntimeClient({ snapshot });
  for (const test of cases) {
    tests += 1;
    const body = { ...test.player, at: test.at };
    if (test.assignments !== undefined) body.assignments = test.assignments;
    // JSON as it would travel: undefined fields vanish, as in the files
    const answer = JSON.parse(JSON.stringify(runtime.resolve(body)));
    if (!isDeepStrictEqual(answer, test.expected))
      failures.push({ file, description: test.description, answer, expected: test.expected });
  }
  await runtime.close();
}
const refusals = JSON.parse(readFileSync(`${directory}refusals.json`, 'utf8'));
const [first] = files;
const runtime = createTestRuntimeClient({
  snapshot: JSON.parse(readFileSync(`${directory}${first}`, 'utf8')).snapshot,
});
for (const { description, body, field, error } of refusals.requests) {
  try {
    runtime.resolve(body);
    failures.push({ description, answer: 'resolved' });
  } catch (thrown) {
    const answer = {
      isResolveInputError: thrown instanceof ResolveInputError,
      field: thrown.field,
      message: thrown.message,
    };
    const expected = { isResolveInputError: true, field, message: error };
    if (!isDeepStrictEqual(answer, expected)) failures.push({ description, answer, expected });
  }
}
await runtime.close();
for (const { description, snapshot, path } of refusals.snapshots) {
  try {
    await createTestRuntimeClient({ snapshot }).close();
    failures.push({ description, answer: 'served' });
  } catch (thrown) {
    if (!thrown.message.includes(`(${path.join('.')}: `))
      failures.push({ description, answer: thrown.message, expected: path });
  }
}
const refused = refusals.requests.length + refusals.snapshots.length;
process.stdout.write(
  JSON.stringify({ files: files.length, tests, refusals: refused, failures: failures.slice(0, 3) }),
);
