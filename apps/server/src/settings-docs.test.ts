import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLE_NAMES, REPO_ROOT } from './settings.ts';

// docs/configuration.md lists every variable the console reads, as a table: a variable added to the schema
// and not to the document (or left in the document after leaving the schema) fails here, so the reference an
// operator reads stays the one the start-up check applies.

const DOCUMENT = join(REPO_ROOT, 'docs', 'configuration.md');

/** The variables named in the first cell of each row of the table under `## Variables`. */
function documentedVariables(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Variables\n'));
  if (section === undefined) throw new Error('the document must have a "## Variables" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|')[1]?.trim() ?? '')
    .flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] ?? ''));
}

describe('docs/configuration.md', () => {
  it('lists exactly the variables of the config schema', () => {
    const documented = documentedVariables(readFileSync(DOCUMENT, 'utf8'));
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...ENV_VARIABLE_NAMES].sort());
  });

  it('reads the names from the first cells of that table only', () => {
    const markdown = [
      '# Title',
      '`NOT_A_ROW` in a sentence.',
      '## Variables',
      '| variable | default | meaning |',
      '| --- | --- | --- |',
      '| `PORT` | `3000` | like `HOST` |',
      '| `LOG_LEVEL` | `info` | pino |',
      '## Other',
      '| `CI` | tests | not the server |',
    ].join('\n');
    expect(documentedVariables(markdown)).toEqual(['PORT', 'LOG_LEVEL']);
  });
});
