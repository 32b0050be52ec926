#!/usr/bin/env node
// `node scripts/bundle-size.mjs [distDir]` (run by `npm run bench`): what the built web app makes a browser
// download, from the real build in apps/web/dist. The first load is what index.html loads before the first
// screen: its module script, its modulepreloads and every chunk these import statically. Everything else
// is loaded later (pages, dialogs, menus), chunk by chunk. Budgets: docs/decisions/0019, "First load";
// apps/e2e/tests/bundle-budget.e2e.test.ts fails when they are exceeded.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
/** KB are 1024 bytes of gzip at zlib's default level, the level servers compress with. */
export const FIRST_LOAD_BUDGET_KB = 150;
export const CHUNK_BUDGET_KB = 60;

const KB = 1024;
export const toKb = (bytes) => bytes / KB;

/** Measures the build in `distDir`; throws when there is no build. */
export function measureBundle(distDir = WEB_DIST) {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(
      `${indexHtml} is missing: build the web app first (npx turbo run build --filter=@console/web)`,
    );
  }
  const read = (file) => readFileSync(join(distDir, file), 'utf8');
  const gzipped = (file) => gzipSync(readFileSync(join(distDir, file))).length;

  const firstLoad = staticClosure(scriptsOf(read('index.html')), read);
  const later = listScripts(distDir).filter((file) => !firstLoad.has(file));
  const sized = (files) =>
    files.map((file) => ({ file, bytes: gzipped(file) })).sort((a, b) => b.bytes - a.bytes);

  // A lazy chunk (a page, the dialogs, a menu) costs itself plus what it imports that the first load did not bring.
  const lazyChunks = new Set(listScripts(distDir).flatMap((file) => dynamicImportsOf(file, read(file))));
  const lazyLoads = [...lazyChunks].map((chunk) => {
    const files = [...staticClosure([chunk], read)].filter((file) => !firstLoad.has(file));
    return { file: chunk, bytes: files.reduce((sum, file) => sum + gzipped(file), 0) };
  });

  const firstLoadFiles = sized([...firstLoad]);
  return {
    firstLoad: { files: firstLoadFiles, bytes: firstLoadFiles.reduce((sum, { bytes }) => sum + bytes, 0) },
    laterChunks: sized(later),
    lazyLoads: lazyLoads.sort((a, b) => b.bytes - a.bytes),
  };
}

/** What exceeds the budgets, in words; empty when the build is within them. */
export function budgetViolations(report) {
  const violations = [];
  if (toKb(report.firstLoad.bytes) > FIRST_LOAD_BUDGET_KB) {
    violations.push(`first load ${formatKb(report.firstLoad.bytes)} > ${FIRST_LOAD_BUDGET_KB} KB`);
  }
  for (const { file, bytes } of report.laterChunks) {
    if (toKb(bytes) > CHUNK_BUDGET_KB) violations.push(`${file} ${formatKb(bytes)} > ${CHUNK_BUDGET_KB} KB`);
  }
  return violations;
}

export function formatReport(report) {
  const [largest] = report.laterChunks;
  const [heaviestLoad] = report.lazyLoads;
  const lines = [
    `First load (index.html before the first screen): ${formatKb(report.firstLoad.bytes)} gzipped ` +
      `in ${report.firstLoad.files.length} files (budget ${FIRST_LOAD_BUDGET_KB} KB)`,
    ...report.firstLoad.files.map(({ file, bytes }) => `  ${formatKb(bytes).padStart(9)}  ${file}`),
    largest
      ? `Largest chunk loaded later: ${formatKb(largest.bytes)} gzipped, ${largest.file} ` +
        `(budget ${CHUNK_BUDGET_KB} KB per chunk; ${report.laterChunks.length} chunks)`
      : 'No chunk is loaded later',
  ];
  if (heaviestLoad) {
    lines.push(
      `Heaviest lazy load (a chunk with what it imports beyond the first load): ` +
        `${formatKb(heaviestLoad.bytes)} gzipped, ${heaviestLoad.file}`,
    );
  }
  return lines.join('\n');
}

const formatKb = (bytes) => `${toKb(bytes).toFixed(1)} KB`;

/** The scripts index.html loads: module scripts and modulepreloads, as paths inside dist. */
function scriptsOf(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isPreload = tag.startsWith('<link') && /\brel=["']?modulepreload\b/.test(tag);
    const url = tag.startsWith('<script') ? attribute(tag, 'src') : isPreload ? attribute(tag, 'href') : null;
    if (url?.endsWith('.js')) files.push(url.replace(/^\//, ''));
  }
  return files;
}

const attribute = (tag, name) => tag.match(new RegExp(`\\b${name}=["']?([^"'\\s>]+)`))?.[1] ?? null;

/** The files and every file they import statically (`import ... from "./x.js"`, `import "./x.js"`). */
function staticClosure(files, read) {
  const seen = new Set();
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of read(file).matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      pending.push(posix.join(posix.dirname(file), specifier));
    }
  }
  return seen;
}

/** Files a chunk imports dynamically (`import("./x.js")`): the pages, dialogs and menus loaded later. */
function dynamicImportsOf(file, code) {
  return [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map(([, specifier]) =>
    posix.join(posix.dirname(file), specifier),
  );
}

function listScripts(distDir, dir = distDir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listScripts(distDir, path);
    return entry.name.endsWith('.js') ? [relative(distDir, path).split('\\').join('/')] : [];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const report = measureBundle(process.argv[2] ? resolve(process.argv[2]) : WEB_DIST);
    console.log(formatReport(report));
    const violations = budgetViolations(report);
    if (violations.length > 0) console.log(`OVER BUDGET: ${violations.join('; ')}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
