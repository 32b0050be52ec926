import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/settings.ts';
import { repositoryFiles, writtenTexts } from '../src/testing/repository-files.ts';

// The repository explains itself to a newcomer. ARCHITECTURE.md tells which files to open: every file or
// folder it names must exist, so a rename that forgets the document fails here rather than misleading the
// next reader. And no text cites a document outside the repository (an issue by number, a section sign):
// a comment says the rule in words, or names docs/product.md.

const FILE_NAME = /\.(ts|tsx|mts|mjs|md|json|prisma|toml|ya?ml)$/;

/**
 * The file names a Markdown text cites: code spans that look like a file (`delivery/revision-cache.ts`) or a folder
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
 * the repository's root or the end of one (`http/session.ts` for `apps/server/src/http/session.ts`).
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
      '`RuntimeStore` (`runtime-store.ts`) beside `delivery/revision-cache.ts`, `http/session.ts` and `shell/feedback/`;',
      'see [the product](docs/product.md) and [gone](docs/gone.md);',
      '`/runtime/v1`, `@console/domain`, `*.store.ts`, `features/<feature>/`, `npm test`.',
    ].join('\n');
    expect(citedFileNames(text)).toEqual([
      'runtime-store.ts',
      'delivery/revision-cache.ts',
      'http/session.ts',
      'shell/feedback/',
      'docs/product.md',
      'docs/gone.md',
    ]);
    expect(missingFileNames(citedFileNames(text), files)).toEqual(['runtime-store.ts', 'docs/gone.md']);
  });
});

/** "issue 20", "Issue #15", "issues 3", "spec §4", "§ 2": references a newcomer cannot follow. */
const OUTSIDE_REFERENCE = /\bissues? #?\d+|§ ?\d/i;

/** `path:line: text` for each line of these files that cites a document outside the repository. */
function outsideReferences(files: readonly string[], read: (file: string) => string): string[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) =>
        OUTSIDE_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('Sources, tests and documents', () => {
  // This file holds such references as examples.
  const texts = writtenTexts('apps/server/test/repository-text.test.ts');

  it('cite no issue by number and no section of an outside document', () => {
    expect(texts.length).toBeGreaterThan(500);
    expect(outsideReferences(texts, (file) => readFileSync(join(REPO_ROOT, file), 'utf8'))).toEqual([]);
  });

  it('are read line by line for such references', () => {
    const samples: Record<string, string> = {
      'a.ts': "// Issue 15's preview\nconst a = 1;",
      'b.md': 'See spec §4.\nAn issue with the cache, fixed.',
      'c.ts': '// The player preview: reasons as sentences.',
    };
    expect(outsideReferences(Object.keys(samples), (file) => samples[file] ?? '')).toEqual([
      "a.ts:1: // Issue 15's preview",
      'b.md:1: See spec §4.',
    ]);
  });
});
