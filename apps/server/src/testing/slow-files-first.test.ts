import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { slowFilesFirst } from './slow-files-first.ts';

const ROOT = '/repo/apps/server';

/** What vitest's own ordering reads of a run without timings: every file's size, largest first. */
function runWithoutTimings(sizes: Record<string, number>): Vitest {
  const stats = (key: string) => ({ size: sizes[key.slice(1)] ?? 0 });
  return {
    config: { root: ROOT },
    cache: { getFileTestResults: () => undefined, getFileStats: stats },
  } as unknown as Vitest;
}

function specification(file: string): TestSpecification {
  return {
    moduleId: `${ROOT}/${file}`,
    project: { name: '', config: { sequence: { groupOrder: 0 }, isolate: false } },
  } as unknown as TestSpecification;
}

describe('slowFilesFirst', () => {
  it('starts the named files first, in the order named, and the others in vitest’s order (largest first)', async () => {
    const sizes = { 'a.test.ts': 300, 'b.test.ts': 100, 'fuzz.test.ts': 7, 'crash.test.ts': 200 };
    const Sequencer = slowFilesFirst(['fuzz.test.ts', 'crash.test.ts', 'gone.test.ts']);
    const sorted = await new Sequencer(runWithoutTimings(sizes)).sort(
      Object.keys(sizes).map((file) => specification(file)),
    );
    expect(sorted.map((spec) => spec.moduleId.slice(ROOT.length + 1))).toEqual([
      'fuzz.test.ts',
      'crash.test.ts',
      'a.test.ts',
      'b.test.ts',
    ]);
  });

  it('names files by their whole path from the workspace root, not by a suffix of a name', async () => {
    const Sequencer = slowFilesFirst(['fuzz.test.ts']);
    const sorted = await new Sequencer(runWithoutTimings({ 'big.test.ts': 9, 'api-fuzz.test.ts': 1 })).sort([
      specification('big.test.ts'),
      specification('api-fuzz.test.ts'),
    ]);
    expect(sorted.map((spec) => spec.moduleId.slice(ROOT.length + 1))).toEqual([
      'big.test.ts',
      'api-fuzz.test.ts',
    ]);
  });
});
