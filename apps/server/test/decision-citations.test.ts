import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/settings.ts';
import { writtenTexts } from '../src/testing/repository-files.ts';

// Code and documents cite a decision record by its number (docs/decisions/README.md, "Writing a
// record"): `docs/decisions/0202`, a record's file name, or, inside a record, the bare number `(0151)`.
// Numbers are never reused and a record merged or split leaves its number resolving, so every citation
// must name a record that exists; the index lists every numbered record under its area.

const DECISIONS = 'docs/decisions';

/** `docs/decisions/0202` or `docs/decisions/0202-some-title.md`, anywhere. */
const PATH_CITATION = /docs\/decisions\/(\d{4})(-[a-z0-9-]+\.md)?/g;
/** Inside a record: `(0151)`, `0036, 0379`: four digits from 0, not part of a longer word or number. */
const BARE_CITATION = /(?<![\w.#/-])(0\d{3})(?![\w.])/g;

/** `path:line: citation` for each citation in these files that no record file answers to. */
function unresolvedCitations(
  files: readonly string[],
  read: (file: string) => string,
  recordFiles: readonly string[],
): string[] {
  const numbers = new Set(recordFiles.map((name) => name.slice(0, 4)));
  const names = new Set(recordFiles);
  return files.flatMap((file) => {
    const isRecord = file.startsWith(`${DECISIONS}/`) && file.endsWith('.md');
    return read(file)
      .split('\n')
      .flatMap((line, index) => {
        const where = `${file}:${index + 1}: `;
        const byPath = [...line.matchAll(PATH_CITATION)].flatMap(([cited, number, suffix]) =>
          (suffix ? names.has(`${number}${suffix}`) : numbers.has(number ?? '')) ? [] : [`${where}${cited}`],
        );
        const bare = isRecord
          ? [...line.matchAll(BARE_CITATION)].flatMap(([, number]) =>
              numbers.has(number ?? '') ? [] : [`${where}${number}`],
            )
          : [];
        return [...byPath, ...bare];
      });
  });
}

/** The numbered records the index (docs/decisions/README.md) does not link to. */
function unlistedRecords(index: string, recordFiles: readonly string[]): string[] {
  const linked = new Set([...index.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1]));
  return recordFiles.filter((name) => name !== '0000-template.md' && !linked.has(name));
}

describe('Decision record citations', () => {
  const recordFiles = readdirSync(join(REPO_ROOT, DECISIONS)).filter((name) => /^\d{4}-.+\.md$/.test(name));
  // This file holds citations of missing records as examples.
  const texts = writtenTexts('apps/server/test/decision-citations.test.ts');

  it('name records that exist', () => {
    expect(recordFiles.length).toBeGreaterThan(400);
    expect(
      unresolvedCitations(texts, (file) => readFileSync(join(REPO_ROOT, file), 'utf8'), recordFiles),
    ).toEqual([]);
  });

  it('are found by path anywhere and by bare number inside records, and nothing else is', () => {
    const samples: Record<string, string> = {
      'a.ts': '// Decision (docs/decisions/0002): kept.\n// docs/decisions/0999 is gone.',
      'b.ts': "new URL('docs/decisions/0001-a-title.md');\nnew URL('docs/decisions/0001-old-title.md');",
      'docs/decisions/0002-b.md':
        'As 0001 says (0998); `0x0123abcd`, 1,000,000, 0.001 and 10001 are no records.',
      'docs/product.md': 'A count of 0999 is not a citation outside a record.',
    };
    expect(
      unresolvedCitations(Object.keys(samples), (file) => samples[file] ?? '', [
        '0001-a-title.md',
        '0002-b.md',
      ]),
    ).toEqual([
      'a.ts:2: docs/decisions/0999',
      'b.ts:2: docs/decisions/0001-old-title.md',
      'docs/decisions/0002-b.md:1: 0998',
    ]);
  });

  it('include the index, which lists every numbered record', () => {
    const index = readFileSync(join(REPO_ROOT, DECISIONS, 'README.md'), 'utf8');
    expect(unlistedRecords(index, recordFiles)).toEqual([]);
    expect(unlistedRecords('- [0001](0001-a.md) A', ['0000-template.md', '0001-a.md', '0002-b.md'])).toEqual([
      '0002-b.md',
    ]);
  });
});
