import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as barrel from '../index.ts';
import * as statistics from './index.ts';

// The statistics carry a distribution library: they are the subpath `@console/domain/statistics`, never the
// barrel, which the web's first load and the SDK bundle.
describe('@console/domain/statistics', () => {
  it('is a subpath of the package and nothing of it is in the barrel', () => {
    const domainPackage = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      exports: Record<string, string>;
    };
    expect(domainPackage.exports['./statistics']).toBe('./src/statistics/index.ts');
    const inBarrel = Object.keys(statistics).filter((name) => name in barrel);
    expect(inBarrel).toEqual([]);
    expect(Object.keys(statistics)).toContain('analyseMetric');
  });
});
