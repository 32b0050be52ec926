import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

// ARCHITECTURE.md tells a newcomer which files to open. Every file or folder it names must exist, so a
// rename that forgets the document fails here rather than misleading the next reader.

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.turbo', 'dist', 'generated', 'artifacts']);

function repositoryFiles(folder = REPO_ROOT, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      return SKIPPED_FOLDERS.has(entry.name)
        ? []
        : repositoryFiles(join(folder, entry.name), `${prefix}${entry.name}/`);
    }
    return [`${prefix}${entry.name}`];
  });
}

const FILE_NAME = /\.(ts|tsx|mts|mjs|md|json|prisma|toml|ya?ml)$/;

/**
 * The file names a Markdown text cites: code spans that look like a file (`runtime-cache.ts`) or a folder
 * (`shell/feedback/`), and link targets. URL paths (`/runtime/v1`), package names (`@console/domain`) and
 * patterns (`*.store.ts`, `features/<feature>/`) name no single file.
 */
function citedFileNames(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? '');
  const links = [...markdown.matchAll(/\]\(([^)\s#]+)\)/g)].map((match) => match[1] ?? '');
  const names = [...spans, ...links].filter(
    (name) =>
      !/^(\/|@|https?:)/.test(name) &&
      !/[<>*]/.test(name) &&
      (FILE_NAME.test(name) || (name.endsWith('/') && name.length > 1)),
  );
  return [...new Set(names)];
}

/**
 * The cited names no file or folder of the repository answers to: a name resolves when it is a path from
 * the repository's root or the end of one (`plugins/session.ts` for `apps/server/src/plugins/session.ts`).
 */
function missingFileNames(names: readonly string[], files: readonly string[]): string[] {
  const exists = (name: string) =>
    name.endsWith('/')
      ? files.some((file) => file.startsWith(name) || file.includes(`/${name}`))
      : files.some((file) => file === name || file.endsWith(`/${name}`));
  return names.filter((name) => !exists(name));
}

describe('ARCHITECTURE.md', () => {
  const files = repositoryFiles();

  it('names only files and folders that exist', () => {
    const cited = citedFileNames(readFileSync(join(REPO_ROOT, 'ARCHITECTURE.md'), 'utf8'));
    // The document walks through dozens of files; far fewer found means the extraction broke.
    expect(cited.length).toBeGreaterThan(40);
    expect(missingFileNames(cited, files)).toEqual([]);
  });

  it('reports a renamed file, and ignores URL paths, package names and patterns', () => {
    const text = [
      '`RuntimeStore` (`runtime-store.ts`) beside `runtime-cache.ts`, `plugins/session.ts` and `shell/feedback/`;',
      'see [the decisions](docs/decisions.md) and [gone](docs/gone.md);',
      '`/runtime/v1`, `@console/domain`, `*.store.ts`, `features/<feature>/`, `npm test`.',
    ].join('\n');
    expect(citedFileNames(text)).toEqual([
      'runtime-store.ts',
      'runtime-cache.ts',
      'plugins/session.ts',
      'shell/feedback/',
      'docs/decisions.md',
      'docs/gone.md',
    ]);
    expect(missingFileNames(citedFileNames(text), files)).toEqual(['runtime-store.ts', 'docs/gone.md']);
  });
});
