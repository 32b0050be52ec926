import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import {
  activateTest,
  createAbTest,
  deleteAbTestById,
  getAbTest,
  listAll,
  listRecent,
  listUsed,
  saveAbTest,
  saveCaseDescriptions,
  saveDescription,
} from './abtest.service.ts';
import { previewImpact } from './abtest-impact.service.ts';
import { searchAbTestPickerPage, searchAbTests } from './abtest-search.service.ts';
import { activateVersion, applyRollout, getVersions, saveVersion } from './abtest-versions.service.ts';

// The handlers of the A/B-test calls declared in packages/domain/src/endpoints/abtest.endpoints.ts.
export async function abTestRoutes(app: FastifyInstance) {
  const { abtest } = api;
  registerEndpoint(app, abtest.list, ({ db, environmentId, body }) => listAll(db, environmentId, body ?? {}));
  registerEndpoint(app, abtest.listUsage, ({ db, environmentId, body }) =>
    listUsed(db, environmentId, body ?? {}),
  );
  registerEndpoint(app, abtest.search, ({ ctx, body }) => searchAbTests(ctx, body));
  registerEndpoint(app, abtest.searchPicker, ({ ctx, body }) => searchAbTestPickerPage(ctx, body));
  registerEndpoint(app, abtest.listRecent, ({ db, environmentId }) => listRecent(db, environmentId));
  registerEndpoint(app, abtest.get, ({ db, environmentId, body }) => getAbTest(db, environmentId, body.id));
  registerEndpoint(app, abtest.create, ({ db, environmentId, body, email }) =>
    createAbTest(db, environmentId, body, email),
  );
  registerEndpoint(app, abtest.save, ({ db, environmentId, body, email }) =>
    saveAbTest(db, environmentId, body, email),
  );
  registerEndpoint(app, abtest.saveDescription, ({ db, environmentId, body, email }) =>
    saveDescription(db, environmentId, body, email),
  );
  registerEndpoint(app, abtest.saveCaseDescriptions, ({ db, environmentId, body, email }) =>
    saveCaseDescriptions(db, environmentId, body, email),
  );
  registerEndpoint(app, abtest.versions, ({ db, environmentId, body }) =>
    getVersions(db, environmentId, body.id),
  );
  registerEndpoint(app, abtest.saveVersion, ({ db, environmentId, body, email }) =>
    saveVersion(db, environmentId, body, email),
  );
  registerEndpoint(app, abtest.activateTest, ({ db, environmentId, body, email }) =>
    activateTest(db, environmentId, body, email),
  );
  registerEndpoint(app, abtest.activateVersion, ({ db, environmentId, body, email }) =>
    activateVersion(db, environmentId, body, email),
  );
  registerEndpoint(app, abtest.applyRollout, ({ db, environmentId, body, email }) =>
    applyRollout(db, environmentId, body, email),
  );
  registerEndpoint(app, abtest.impact, ({ db, environmentId, body }) =>
    previewImpact(db, environmentId, body),
  );
  registerEndpoint(app, abtest.delete, ({ db, environmentId, body, email }) =>
    deleteAbTestById(db, environmentId, body.id, email),
  );
}
