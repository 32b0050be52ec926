import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../settings.ts';

// The repository's own files, as the tests that read its texts see them (repository-text, decision-citations).

/** What .gitignore leaves out: built and generated files repeat the sources' comments. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  '.git',
  '.turbo',
  '.data',
  'dist',
  'generated',
  'artifacts',
  'coverage',
  '.build-test',
  '.build-test-processes',
]);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|md|json|prisma|css|html|ya?ml)$/;

/** Every file under the repository's root, by its path from there, built and generated folders left out. */
export function repositoryFiles(folder = REPO_ROOT, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      return SKIPPED_FOLDERS.has(entry.name)
        ? []
        : repositoryFiles(join(folder, entry.name), `${prefix}${entry.name}/`);
    }
    return [`${prefix}${entry.name}`];
  });
}

/**
 * The texts people write (code, documents, settings), without migrations (history, applied as written and
 * checksummed: they keep their words), the lock file, the suites' reports written while tests run, and the
 * test file that holds the checked words as examples (`except`).
 */
export function writtenTexts(except: string): string[] {
  return repositoryFiles().filter(
    (file) =>
      TEXT_FILE.test(file) &&
      !file.startsWith('prisma/migrations/') &&
      file !== 'package-lock.json' &&
      !file.endsWith('test-results.json') &&
      file !== except,
  );
}
