// The runtime specification's conformance suite run by the packed SDK, from a project that installed it:
// each file's snapshot served by the in-memory client (the same resolution the console-following client
// runs), each test resolved, and the answers that differ from the expected receipt printed as JSON.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { createTestRuntimeClient } from '@console/runtime-client';

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
process.stdout.write(JSON.stringify({ files: files.length, tests, failures: failures.slice(0, 3) }));
