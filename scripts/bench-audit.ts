// `npm run bench` (audit chain): what sealing costs a change. The same transactions write one entry, and
// ten, the way the console did before the chain (a plain INSERT per entry, the baseline) and the way it
// does now (one audit_append call; each entry sealed into its chain at commit); then the check of the
// whole log (audit_verify) over the 10,000 seeded entries and those written here. Figures, not pass/fail.
import { performance } from 'node:perf_hooks';
import { seedBenchData, startBenchConsole } from './bench-console.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);

const bench = await startBenchConsole();
const { app } = bench;
await seedBenchData(bench);

const entry = (index: number) => ({
  environment: 'dev',
  email: 'bench@example.com',
  action: 'release.kv.set',
  target: 'kv',
  attributes: { keyValue: `k=${index};` },
});

type Write = (count: number, index: number) => Promise<unknown>;
const plainInserts: Write = (count, index) =>
  app.db.$transaction(async (tx) => {
    for (let offset = 0; offset < count; offset++) {
      const { environment, email, action, target, attributes } = entry(index + offset);
      await tx.$queryRawUnsafe(
        'INSERT INTO audit_entry (environment_id, email, action, target, attributes) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id',
        environment,
        email,
        action,
        target,
        JSON.stringify(attributes),
      );
    }
  });
const sealedAppend: Write = (count, index) =>
  app.db.$transaction((tx) =>
    tx.$queryRawUnsafe(
      'SELECT id FROM audit_append($1::jsonb) AS appended(id)',
      JSON.stringify(Array.from({ length: count }, (_, offset) => entry(index + offset))),
    ),
  );

async function measure(write: Write, count: number): Promise<number> {
  for (let index = 0; index < 50; index++) await write(count, index); // warm-up
  const start = performance.now();
  for (let index = 0; index < ITERATIONS; index++) await write(count, index * count);
  return ((performance.now() - start) * 1000) / ITERATIONS; // µs per transaction
}

console.log(`${ITERATIONS} sequential transactions each, in-process, one connection pool`);
for (const count of [1, 10]) {
  // Alternated rounds, the best of each kept: the machine's other load falls on both alike.
  let baseline = Number.POSITIVE_INFINITY;
  let sealed = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    baseline = Math.min(baseline, await measure(plainInserts, count));
    sealed = Math.min(sealed, await measure(sealedAppend, count));
  }
  const perEntry = (sealed - baseline) / count;
  console.log(
    `${`audit: ${count} entr${count === 1 ? 'y' : 'ies'}, plain INSERT (baseline)`.padEnd(46)} ${baseline.toFixed(0).padStart(7)} µs/tx   1.0x`,
  );
  console.log(
    `${`audit: ${count} entr${count === 1 ? 'y' : 'ies'}, audit_append + seal`.padEnd(46)} ${sealed.toFixed(0).padStart(7)} µs/tx ${(sealed / baseline).toFixed(1).padStart(6)}x  (${perEntry >= 0 ? '+' : ''}${perEntry.toFixed(0)} µs/entry)`,
  );
}

const entries = await app.db.auditEntry.count();
const start = performance.now();
await app.db.$queryRawUnsafe('SELECT count(*) FROM audit_verify()');
console.log(`audit_verify over ${entries} entries: ${(performance.now() - start).toFixed(0)} ms`);

await bench.close();
