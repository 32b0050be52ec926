// The first-load budget, checked on the real production build: this package's test task runs after
// `@console/web` is built (turbo: test dependsOn ^build), which the web package's own tests cannot rely on.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  budgetViolations,
  CHUNK_BUDGET_KB,
  FIRST_LOAD_BUDGET_KB,
  formatReport,
  measureBundle,
  toKb,
  WEB_DIST,
} from '../../../scripts/bundle-size.mjs';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

describe('the built web app', () => {
  it(`loads at most ${FIRST_LOAD_BUDGET_KB} KB gzipped before the first screen, and no later chunk is over ${CHUNK_BUDGET_KB} KB`, () => {
    const report = measureBundle(WEB_DIST);
    const summary = formatReport(report);
    console.info(summary);

    const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    const entry = html.match(/<script[^>]*\bsrc="\/([^"]+)"/)?.[1];
    expect(report.firstLoad.files.map(({ file }) => file)).toContain(entry);
    // One chunk per page: the route table's pages are loaded later, not in the first load.
    expect(report.lazyLoads.length).toBeGreaterThanOrEqual(15);

    expect(toKb(report.firstLoad.bytes), summary).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    expect(budgetViolations(report), summary).toEqual([]);
  });

  it('ships no source maps to browsers', () => {
    const files = filesUnder(WEB_DIST);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((file) => readFileSync(file, 'utf8').includes('sourceMappingURL'))).toEqual([]);
  });
});

describe('the bundle measure', () => {
  // Random bytes in base64 barely compress: `kb` KB of them stay about that size gzipped.
  const incompressible = (kb: number) =>
    `export const data = "${randomBytes(kb * 1024).toString('base64')}";\n`;

  function fixtureDist(files: Record<string, string>): string {
    const dist = mkdtempSync(join(tmpdir(), 'bundle-size-'));
    onTestFinished(() => rmSync(dist, { recursive: true, force: true }));
    mkdirSync(join(dist, 'assets'));
    for (const [file, content] of Object.entries(files)) writeFileSync(join(dist, file), content);
    return dist;
  }

  it('counts what index.html loads and what that imports statically, not what is imported dynamically', () => {
    const dist = fixtureDist({
      'index.html':
        '<script type="module" crossorigin src="/assets/entry.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/preloaded.js">' +
        '<link rel="stylesheet" href="/assets/style.css">',
      'assets/entry.js': 'import{a}from"./shared.js";import"./effect.js";const p=()=>import("./page.js");',
      'assets/shared.js': incompressible(FIRST_LOAD_BUDGET_KB / 2),
      'assets/effect.js': 'console.log(1);',
      'assets/preloaded.js': incompressible(FIRST_LOAD_BUDGET_KB / 10),
      'assets/page.js': 'import{a}from"./shared.js";import{b}from"./page-only.js";',
      'assets/page-only.js': incompressible(CHUNK_BUDGET_KB + 10),
      'assets/style.css': incompressible(10),
    });

    const report = measureBundle(dist);

    expect(report.firstLoad.files.map(({ file }) => file).sort()).toEqual([
      'assets/effect.js',
      'assets/entry.js',
      'assets/preloaded.js',
      'assets/shared.js',
    ]);
    expect(report.laterChunks.map(({ file }) => file)).toEqual(['assets/page-only.js', 'assets/page.js']);
    // The page costs itself and page-only.js; shared.js came with the first load.
    expect(report.lazyLoads).toHaveLength(1);
    expect(report.lazyLoads[0]?.file).toBe('assets/page.js');
    expect(report.lazyLoads[0]?.bytes).toBe(report.laterChunks.reduce((sum, { bytes }) => sum + bytes, 0));
    expect(budgetViolations(report)).toEqual([
      expect.stringMatching(new RegExp(`^assets/page-only\\.js \\d+\\.\\d KB > ${CHUNK_BUDGET_KB} KB$`)),
    ]);
  });

  it('reports a first load over budget', () => {
    const dist = fixtureDist({
      'index.html': '<script type="module" src="/assets/entry.js"></script>',
      'assets/entry.js': 'import"./vendor.js";',
      'assets/vendor.js': incompressible(FIRST_LOAD_BUDGET_KB + 5),
    });
    expect(budgetViolations(measureBundle(dist))).toEqual([
      expect.stringMatching(new RegExp(`^first load \\d+\\.\\d KB > ${FIRST_LOAD_BUDGET_KB} KB$`)),
    ]);
  });

  it('refuses to measure without a build', () => {
    const dist = fixtureDist({});
    expect(() => measureBundle(dist)).toThrow(/index\.html is missing: build the web app first/);
  });
});
