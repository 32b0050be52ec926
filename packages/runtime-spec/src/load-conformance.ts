import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConformanceFile, RefusalsFile } from './spec-types.ts';

// The conformance suite as the console's own test suites read it (the domain, the server's resolve
// call, the SDK): every file index.json lists, in its order. A port in another language reads the same
// files the same way.

/** The directory of a version of the specification (its README, index.json and files). */
export function conformanceDirectory(version = 'v1'): string {
  return fileURLToPath(new URL(`../${version}/`, import.meta.url));
}

export interface LoadedConformanceFile extends ConformanceFile {
  /** The file's name in index.json, e.g. `03-segments.json`. */
  file: string;
}

/** Every conformance file of the version, in index.json's order. */
export function loadConformanceSuite(version = 'v1'): LoadedConformanceFile[] {
  const directory = conformanceDirectory(version);
  const index = JSON.parse(readFileSync(`${directory}index.json`, 'utf8')) as string[];
  return index.map((file) => ({
    file,
    ...(JSON.parse(readFileSync(`${directory}${file}`, 'utf8')) as ConformanceFile),
  }));
}

/** How many tests the suite holds. */
export const countConformanceTests = (suite: readonly ConformanceFile[]): number =>
  suite.reduce((total, file) => total + file.tests.length, 0);

/** The version's refusals.json: resolve bodies and snapshots to refuse. */
export function loadRefusals(version = 'v1'): RefusalsFile {
  return JSON.parse(readFileSync(`${conformanceDirectory(version)}refusals.json`, 'utf8')) as RefusalsFile;
}
