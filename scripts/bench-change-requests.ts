// `npm run bench` (change requests): what a change request costs against the transfer of the same size,
// measured in the same run on the same environment: 2,000 A/B-tests (with a version each) and 2,000
// configurations. Opening a branch (copying the content) against transferring the environment into an
// empty one; computing the request's diff and impact against a transfer preview of the same changes;
// applying it against the transfer of the same changes. Figures, not pass/fail; the best of the rounds.
import { performance } from 'node:perf_hooks';
import { defaultConfigData } from '@console/domain/config';
import { startBenchConsole } from './bench-console.ts';

const ITEMS = 2_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SOURCE = 'cr-bench';

// Copying 4,000 items in one unit of work takes longer than a request's usual transaction limit on a busy
// machine; both sides of each ratio run under the same limit.
const bench = await startBenchConsole({
  DATABASE_TRANSACTION_TIMEOUT_SECONDS: '600',
  DATABASE_STATEMENT_TIMEOUT_SECONDS: '600',
});
const { app, post } = bench;
const ok = async (url: string, environment: string, payload?: unknown) => {
  const answer = await post(`${url}?configuration=${encodeURIComponent(environment)}`, payload);
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
  return answer.json().payload;
};
const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
};

// The environment: one A/B-test and one configuration made over HTTP, copied ITEMS - 1 times in SQL.
await ok('/api/configuration/save', 'dev', { configurationId: SOURCE });
await ok('/api/abtest/create', SOURCE, { id: 'ab-0', description: 'Bench', type: 0 });
await ok('/api/abtest/versions/save', SOURCE, { id: 'ab-0', weights: [500_000, 500_000] });
await ok('/api/config/ar/create', SOURCE, {
  id: 'cfg-0',
  description: 'Bench',
  data: defaultConfigData('ar'),
});
await app.db.$executeRawUnsafe(
  `INSERT INTO ab_test (environment_id, id, description, type, active, case_descriptions, segment, salt, last_modifier)
   SELECT environment_id, 'ab-' || n, description, type, active, case_descriptions, segment, md5(n::text), last_modifier
     FROM ab_test, generate_series(1, ${ITEMS - 1}) AS n WHERE environment_id = '${SOURCE}' AND id = 'ab-0'`,
);
await app.db.$executeRawUnsafe(
  `INSERT INTO ab_test_version (environment_id, ab_test_id, version, active, cases, ranges, last_modifier)
   SELECT environment_id, 'ab-' || n, version, active, cases, ranges, last_modifier
     FROM ab_test_version, generate_series(1, ${ITEMS - 1}) AS n WHERE environment_id = '${SOURCE}' AND ab_test_id = 'ab-0'`,
);
await app.db.$executeRawUnsafe(
  `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, last_modifier)
   SELECT environment_id, 'cfg-' || n, kind, description, active, activation, data, last_modifier
     FROM configuration, generate_series(1, ${ITEMS - 1}) AS n WHERE environment_id = '${SOURCE}' AND id = 'cfg-0'`,
);
await app.db.$executeRawUnsafe('VACUUM ANALYZE ab_test, ab_test_version, configuration');
// Reviewed, one approval, and the bench's admin may approve what they propose
await ok('/api/change-request/policy/set', SOURCE, {
  isRequired: true,
  approvals: 1,
  allowSelfApproval: true,
  resetApprovalsOnChange: true,
});

/** Every configuration of an environment changed (its description), as the changes a request carries. */
const changeEverything = (environment: string, round: number) =>
  app.db.$executeRawUnsafe(
    `UPDATE configuration SET description = 'Changed ${round} ' || id WHERE environment_id = '${environment}'`,
  );

let counter = 0;
const best = {
  open: Infinity,
  copy: Infinity,
  diff: Infinity,
  preview: Infinity,
  apply: Infinity,
  transfer: Infinity,
};
for (let round = 0; round < ROUNDS; round += 1) {
  // Opening a branch: a copy of every item; against a transfer of the environment into an empty one
  const [open, opened] = await timed(() => ok('/api/change-request/open', SOURCE, { continueDraft: false }));
  const copyOf = `cr-copy-${++counter}`;
  await ok('/api/configuration/save', 'dev', { configurationId: copyOf });
  const into = { from: SOURCE, to: copyOf, mode: 'overwrite' };
  const [copy] = await timed(async () => {
    const { previewToken } = await ok('/api/configuration/transfer/preview', SOURCE, into);
    await ok('/api/configuration/transfer', SOURCE, { ...into, previewToken });
  });
  best.open = Math.min(best.open, open);
  best.copy = Math.min(best.copy, copy);

  // The same changes in the branch and in the copy: every configuration's description
  await changeEverything(opened.branch, round);
  await changeEverything(copyOf, round);
  const [diff, described] = await timed(() => ok('/api/change-request/diff', SOURCE, { id: opened.id }));
  const back = { from: copyOf, to: SOURCE, mode: 'merge' };
  const [preview] = await timed(() => ok('/api/configuration/transfer/preview', copyOf, back));
  best.diff = Math.min(best.diff, diff);
  best.preview = Math.min(best.preview, preview);

  // Applying it, against the transfer of the same changes (by break glass, since the environment is reviewed)
  await ok('/api/change-request/request-review', SOURCE, { id: opened.id });
  await ok('/api/change-request/approve', SOURCE, { id: opened.id });
  const [apply] = await timed(() =>
    ok('/api/change-request/apply', SOURCE, { id: opened.id, diffToken: described.diffToken }),
  );
  best.apply = Math.min(best.apply, apply);
  // The source now holds the changes; the copy gets a round of its own to carry back
  await changeEverything(copyOf, round + 1_000);
  const { previewToken } = await ok('/api/configuration/transfer/preview', copyOf, back);
  const [transfer] = await timed(async () => {
    const answer = await app.inject({
      method: 'POST',
      url: `/api/configuration/transfer?configuration=${copyOf}`,
      headers: { cookie: bench.cookie, 'x-bypass-reason': 'bench baseline' },
      payload: { ...back, previewToken },
    });
    if (answer.statusCode !== 200) throw new Error(`transfer: ${answer.statusCode} ${answer.body}`);
  });
  best.transfer = Math.min(best.transfer, transfer);
}

const line = (label: string, ms: number, baseline: number) =>
  console.log(
    `${label.padEnd(60)} ${ms.toFixed(0).padStart(7)} ms ${(ms / baseline).toFixed(2).padStart(6)}x`,
  );
console.log(
  `change requests: ${ITEMS} A/B-tests and ${ITEMS} configurations, best of ${ROUNDS} rounds, in-process`,
);
line('transfer into an empty environment (baseline)', best.copy, best.copy);
line('open a change request (branch copied)', best.open, best.copy);
line(`transfer preview of ${ITEMS} changed configurations (baseline)`, best.preview, best.preview);
line('change request diff, field diff and impact', best.diff, best.preview);
line(`transfer of ${ITEMS} changed configurations (baseline)`, best.transfer, best.transfer);
line('apply the change request (one revision)', best.apply, best.transfer);

await bench.close();
