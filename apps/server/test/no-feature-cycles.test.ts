import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/settings.ts';

// No cycle between feature folders (apps/server/src/features/*): a feature builds on the ones below it,
// and none of them on it, so each can be read, tested and moved on its own. Every import counts, type
// imports, re-exports and dynamic imports included; tests and their data do not. An entry point
// (`*.cli.ts`, run by an npm script and imported by no module) composes features as app.ts does, so it is
// not an edge of its folder: the last test checks that no module imports one.

const SERVER_SOURCES = join(REPO_ROOT, 'apps/server/src');
const FEATURES = join(SERVER_SOURCES, 'features');

const TEST_FILE = /\.(test|test-data|test-helpers|testing)\.ts$/;
const ENTRY_POINT = /\.cli\.ts$/;
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]+)\1/g;

function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !TEST_FILE.test(path))
    .map((path) => path.split(sep).join('/'))
    .sort();
}

/** The relative specifiers a file imports, exports from or imports dynamically. */
function specifiersOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((match) => match[2]!);
}

/** Feature → feature it imports → the files that make the edge (`from.ts -> to.ts`). */
type FeatureGraph = Map<string, Map<string, string[]>>;

function featureGraph(root: string): FeatureGraph {
  const graph: FeatureGraph = new Map();
  for (const file of sourceFiles(root)) {
    if (ENTRY_POINT.test(file)) continue;
    const feature = file.split('/')[0]!;
    for (const specifier of specifiersOf(readFileSync(join(root, file), 'utf8'))) {
      const target = relative(root, resolve(dirname(join(root, file)), specifier))
        .split(sep)
        .join('/');
      if (target.startsWith('..')) continue;
      const targetFeature = target.split('/')[0]!;
      if (targetFeature === feature || target === targetFeature) continue;
      const edges = graph.get(feature) ?? new Map<string, string[]>();
      graph.set(feature, edges);
      edges.set(targetFeature, [...(edges.get(targetFeature) ?? []), `${file} -> ${target}`]);
    }
  }
  return graph;
}

/** One cycle of the graph as its features in order (the first repeated at the end), or null. */
function findCycle(graph: FeatureGraph): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (feature: string): string[] | null => {
    const at = path.indexOf(feature);
    if (at !== -1) return [...path.slice(at), feature];
    if (done.has(feature)) return null;
    path.push(feature);
    for (const next of [...(graph.get(feature)?.keys() ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(feature);
    return null;
  };
  for (const feature of [...graph.keys()].sort()) {
    const cycle = visit(feature);
    if (cycle) return cycle;
  }
  return null;
}

/** The cycle with the imports that make each of its edges, for the failure message. */
function describeCycle(graph: FeatureGraph, cycle: string[] | null): string | null {
  if (!cycle) return null;
  const edges = cycle.slice(1).map((to, index) => {
    const from = cycle[index]!;
    return `  ${from} -> ${to}: ${graph.get(from)!.get(to)!.join(', ')}`;
  });
  return [`feature cycle ${cycle.join(' -> ')}`, ...edges].join('\n');
}

describe('feature folders', () => {
  it('import each other without a cycle', () => {
    const graph = featureGraph(FEATURES);
    expect(graph.size).toBeGreaterThan(10);
    expect(describeCycle(graph, findCycle(graph))).toBeNull();
  });

  describe('in a made-up tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'feature-cycles-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('a/a.service.ts', "import { b } from '../b/b.public.ts';\nexport const a = b;\n");
    write('b/b.public.ts', "export { b } from './b.service.ts';\n");
    write('b/b.service.ts', "import { c } from '../c/c.service.ts';\nexport const b = c;\n");
    write('c/c.service.ts', 'export const c = 1;\n');
    write('c/c.routes.test.ts', "import { a } from '../a/a.service.ts';\n");
    write('c/c.cli.ts', "import { a } from '../a/a.service.ts';\n");

    it('finds none through tests or entry points', () => {
      const graph = featureGraph(root);
      expect([...graph.keys()].sort()).toEqual(['a', 'b']);
      expect(findCycle(graph)).toBeNull();
    });

    it('names a cycle a type import closes, with the files that make it', () => {
      write('c/c.types.ts', "import type { A } from '../a/a.service.ts';\nexport type C = A;\n");
      const graph = featureGraph(root);
      expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
      expect(describeCycle(graph, findCycle(graph))).toContain('c -> a: c/c.types.ts -> a/a.service.ts');
      rmSync(join(root, 'c/c.types.ts'));
    });

    it('counts re-exports and dynamic imports', () => {
      write('c/c.public.ts', "export { a } from '../a/a.service.ts';\n");
      expect(findCycle(featureGraph(root))).toEqual(['a', 'b', 'c', 'a']);
      write('c/c.public.ts', "export const load = () => import('../a/a.service.ts');\n");
      expect(findCycle(featureGraph(root))).toEqual(['a', 'b', 'c', 'a']);
      rmSync(join(root, 'c/c.public.ts'));
    });
  });

  it('leave entry points (*.cli.ts) to npm scripts: no module imports one', () => {
    const importers = sourceFiles(SERVER_SOURCES).filter((file) =>
      specifiersOf(readFileSync(join(SERVER_SOURCES, file), 'utf8')).some((specifier) =>
        ENTRY_POINT.test(specifier),
      ),
    );
    expect(importers).toEqual([]);
  });
});
