import { api } from '@console/domain/endpoints';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_ENVIRONMENT_RIGHT,
  SAVE_ENVIRONMENT_RIGHT,
  shellEndpoints,
  WEBHOOKS_RIGHT,
} from './shell.endpoints.ts';

describe("the shell's lazily loaded calls", () => {
  it('name the declarations they load, and the environment menu the right creating one needs', async () => {
    for (const [key, lazy] of Object.entries(shellEndpoints)) {
      const endpoint = await lazy.load();
      expect({ key, feature: endpoint.feature, scope: endpoint.scope }).toEqual({
        key,
        feature: lazy.feature,
        scope: lazy.scope,
      });
    }
    const save = await shellEndpoints.saveEnvironment.load();
    expect({ access: save.access, scope: save.scope }).toEqual(SAVE_ENVIRONMENT_RIGHT);
    for (const endpoint of [api.environment.archive, api.environment.restore, api.environment.archived]) {
      expect({ access: endpoint.access, scope: endpoint.scope }).toEqual(ARCHIVE_ENVIRONMENT_RIGHT);
    }
    for (const endpoint of Object.values(api.webhooks)) {
      expect({ access: endpoint.access, scope: endpoint.scope }).toEqual(WEBHOOKS_RIGHT);
    }
  });
});
