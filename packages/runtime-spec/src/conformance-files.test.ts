import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildConformanceFiles, fileNameOf } from './cases/all-cases.ts';
import { buildRefusals } from './cases/refusal-cases.ts';
import {
  conformanceDirectory,
  countConformanceTests,
  loadConformanceSuite,
  loadRefusals,
} from './load-conformance.ts';
import { bucket, murmur3 } from './reference/bucket.ts';
import { fieldOf, referenceRequestRefusal, referenceSnapshotRefusal } from './reference/check.ts';

// The files on disk are what the case definitions and the reference implementation give (regenerate
// with `npm run generate:conformance --workspace @console/runtime-spec` after changing a case), and the
// reference agrees with the vectors the specification states.

describe('runtime specification v1 files', () => {
  const built = buildConformanceFiles();

  it('index.json lists every file in order, and each file is what the reference gives for its cases', () => {
    const suite = loadConformanceSuite('v1');
    expect(suite.map((file) => file.file)).toEqual(built.map(fileNameOf));
    suite.forEach(({ file: _, ...onDisk }, index) => {
      expect(onDisk).toEqual(JSON.parse(JSON.stringify(built[index])));
    });
    expect(countConformanceTests(suite)).toBeGreaterThanOrEqual(300);
  });

  it('names each file once and describes every test', () => {
    const names = built.map(fileNameOf);
    expect(new Set(names).size).toBe(names.length);
    for (const file of built) {
      const descriptions = file.tests.map((test) => test.description);
      expect(descriptions.every((description) => description.length > 0)).toBe(true);
      expect(new Set(descriptions).size).toBe(descriptions.length);
    }
  });

  it('the reference hashes and buckets as the README’s vectors say', () => {
    const encoder = new TextEncoder();
    expect(murmur3(encoder.encode('spring-sale:player-1'))).toBe(0xf0881f54);
    expect(bucket('spring-sale', 'player-1')).toBe(939577);
    expect(bucket('spring-sale', 'player-2')).toBe(234881);
    expect(murmur3(encoder.encode(':user'))).toBe(0xca56fc1d);
    expect(bucket('', 'user')).toBe(790389);
    expect(bucket('winter', '玩家')).toBe(529908);
    const readme = readFileSync(`${conformanceDirectory('v1')}README.md`, 'utf8');
    expect(readme).toContain('bucket 939577');
  });

  it('refusals.json is what the refusal cases give, and the reference refuses each where it says', () => {
    const refusals = loadRefusals('v1');
    expect(refusals).toEqual(JSON.parse(JSON.stringify(buildRefusals())));
    expect(refusals.requests.length).toBeGreaterThanOrEqual(20);
    expect(refusals.snapshots.length).toBeGreaterThanOrEqual(20);
    for (const { description, body, field } of refusals.requests) {
      const refused = referenceRequestRefusal(body);
      expect({ description, field: refused && fieldOf(refused) }).toEqual({ description, field });
    }
    for (const { description, snapshot, path } of refusals.snapshots) {
      expect({ description, path: referenceSnapshotRefusal(snapshot) }).toEqual({ description, path });
    }
  });

  it('the reference takes every snapshot and resolve body of the conformance files', () => {
    for (const { file, snapshot, tests } of loadConformanceSuite('v1')) {
      expect({ file, refused: referenceSnapshotRefusal(snapshot) }).toEqual({ file, refused: null });
      for (const test of tests) {
        const body = { ...test.player, at: test.at, assignments: test.assignments };
        expect({ test: test.description, refused: referenceRequestRefusal(body) }).toEqual({
          test: test.description,
          refused: null,
        });
      }
    }
  });
});
