import { defaultActivationSettings } from '../config/activation.schemas.ts';
import { defaultConfigData } from '../config/config-data.schemas.ts';
import type { EnvironmentFile } from './environment-file.schemas.ts';

// Test data of the environment file's tests: one small file that holds together (a DUEL plugin serving
// two duel configurations through a two-case A/B-test), to be broken one field at a time.

export function validFile(): EnvironmentFile {
  const configuration = (id: string) => ({
    id,
    active: true,
    title: `about ${id}`,
    payload: { kind: 'duel', activation: defaultActivationSettings(), data: defaultConfigData('duel') },
  });
  return structuredClone({
    format: 1,
    environment: 'prod',
    groups: {
      'Release info': [
        {
          id: 'content',
          active: true,
          title: 'Content',
          payload: { nextReleaseTimeMs: 0, maxLevel: 40, nextMaxLevel: 50 },
        },
        {
          id: 'client',
          active: true,
          title: 'Client version',
          payload: { remindVersion: '1.2.0', minimumVersion: '1.0.0' },
        },
        { id: 'kv', active: true, title: 'Key-value', payload: { keyValue: 'a=1;' } },
      ],
      Plugins: [
        {
          id: 4,
          active: true,
          title: 'DUEL',
          payload: {
            description: 'Duel event',
            active: [{ abTestId: 'duel-split', abTestVersion: 0, configurations: ['duel-a', 'duel-b'] }],
            draft: [{ abTestId: 'duel-split', abTestVersion: 1, configurations: ['duel-b', ''] }],
          },
        },
        { id: 2, active: false, title: 'AGILITY_RACE', payload: { description: 'Agility race event' } },
      ],
      'A/B-tests': [
        {
          id: 'duel-split',
          active: true,
          title: 'Duel split',
          payload: {
            type: 0,
            salt: 'salt-1',
            versions: [
              {
                version: 0,
                active: true,
                cases: [400_000, 600_000],
                ranges: [[[0, 400_000]], [[400_000, 1_000_000]]],
              },
              { version: 1, active: false, cases: [500_000, 500_000], ranges: null },
            ],
            cases: [400_000, 600_000],
            caseDescriptions: ['control', 'treatment'],
            segment: { conditions: [{ property: 2, op: 1, value: 'ios' }] },
          },
        },
      ],
      Configurations: [configuration('duel-a'), configuration('duel-b')],
    },
  }) as EnvironmentFile;
}
