import { describe, expect, it } from 'vitest';
import { baseEnvironmentOf, branchOf, environmentLabel } from './branch.ts';

describe('change request branches', () => {
  it.each([
    ['prod~cr-12', { base: 'prod', changeRequestId: 12 }],
    ['my-env~cr-1', { base: 'my-env', changeRequestId: 1 }],
    ['prod', null],
    ['prod~cr-', null],
    ['prod~cr-0', null],
    ['prod~cr-01', null],
    ['~cr-4', null],
  ])('%s is %j', (environment, branch) => {
    expect(branchOf(environment)).toEqual(branch);
  });

  it('shows a branch as its request of the environment it changes', () => {
    expect(environmentLabel('prod~cr-12')).toBe('Change request 12 of prod');
    expect(environmentLabel('stable')).toBe('stable');
    expect(baseEnvironmentOf('prod~cr-12')).toBe('prod');
    expect(baseEnvironmentOf('dev')).toBe('dev');
  });
});
