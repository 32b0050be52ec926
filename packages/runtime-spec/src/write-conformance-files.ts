import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { buildConformanceFiles, fileNameOf } from './cases/all-cases.ts';
import { buildRefusals } from './cases/refusal-cases.ts';
import { conformanceDirectory } from './load-conformance.ts';

// Writes v1/index.json and the conformance files from the case definitions (src/cases), their expected
// answers computed by the reference implementation (src/reference), and v1/refusals.json. Run after changing a case:
// `npm run generate:conformance --workspace @console/runtime-spec`; the package's test fails while the
// files on disk differ from what this writes.

/** Lines this long at most hold a whole object or list; lists of numbers, texts and booleans always do. */
const LINE_WIDTH = 150;

/** JSON indented by one space per level, with whatever fits on a line (and every flat list) on one line. */
export function formatJson(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value);
  const isFlatList = Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object');
  if (
    value === null ||
    typeof value !== 'object' ||
    isFlatList ||
    indent.length + flat.length <= LINE_WIDTH
  ) {
    return flat;
  }
  const inner = `${indent} `;
  const lines = Array.isArray(value)
    ? value.map((item) => `${inner}${formatJson(item, inner)}`)
    : Object.entries(value).map(
        ([key, item]) => `${inner}${JSON.stringify(key)}: ${formatJson(item, inner)}`,
      );
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return lines.length === 0 ? `${open}${close}` : `${open}\n${lines.join(',\n')}\n${indent}${close}`;
}

const serialize = (value: unknown) => `${formatJson(value)}\n`;

const directory = conformanceDirectory('v1');
const files = buildConformanceFiles();
for (const name of readdirSync(directory)) {
  if (/^\d\d-.*\.json$/.test(name)) rmSync(`${directory}${name}`);
}
for (const file of files) writeFileSync(`${directory}${fileNameOf(file)}`, serialize(file));
writeFileSync(`${directory}index.json`, serialize(files.map(fileNameOf)));
const refusals = buildRefusals();
writeFileSync(`${directory}refusals.json`, serialize(refusals));
const tests = files.reduce((total, file) => total + file.tests.length, 0);
console.log(
  `${files.length} conformance files, ${tests} tests, ${refusals.requests.length + refusals.snapshots.length} refusals, in ${directory}`,
);
