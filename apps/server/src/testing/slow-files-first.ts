import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from 'vitest/node';

/**
 * A vitest sequencer that starts the named files before all others, then the rest in vitest's own order.
 *
 * Vitest orders files by their last durations, which it keeps in node_modules; a fresh clone (CI) has
 * none, so it starts the largest files first. A short file can be a long one (each generated-fuzzing
 * file is a few lines that run thousands of requests): started last, it ran on one worker while the
 * other had nothing left, the suite's last minute. `files` are paths from the workspace root, the
 * files measured to take longest; naming a file only moves it up, so a stale entry costs nothing.
 */
export function slowFilesFirst(files: readonly string[]): TestSequencerConstructor {
  return class SlowFilesFirst extends BaseSequencer {
    override async sort(specifications: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(specifications);
      const rank = (specification: TestSpecification) => {
        const index = files.findIndex((file) => specification.moduleId.endsWith(`/${file}`));
        return index === -1 ? files.length : index;
      };
      // Array.prototype.sort is stable: files of equal rank keep vitest's order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
