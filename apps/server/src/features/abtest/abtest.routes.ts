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
  registerEndpoint(app, abtest.list, ({ ctx, body }) => listAll(ctx, body ?? {}));
  registerEndpoint(app, abtest.listUsage, ({ ctx, body }) => listUsed(ctx, body ?? {}));
  registerEndpoint(app, abtest.search, ({ ctx, body }) => searchAbTests(ctx, body));
  registerEndpoint(app, abtest.searchPicker, ({ ctx, body }) => searchAbTestPickerPage(ctx, body));
  registerEndpoint(app, abtest.listRecent, ({ ctx }) => listRecent(ctx));
  registerEndpoint(app, abtest.get, ({ ctx, body }) => getAbTest(ctx, body.id));
  registerEndpoint(app, abtest.create, ({ ctx, body }) => createAbTest(ctx, body));
  registerEndpoint(app, abtest.save, ({ ctx, body }) => saveAbTest(ctx, body));
  registerEndpoint(app, abtest.saveDescription, ({ ctx, body }) => saveDescription(ctx, body));
  registerEndpoint(app, abtest.saveCaseDescriptions, ({ ctx, body }) => saveCaseDescriptions(ctx, body));
  registerEndpoint(app, abtest.versions, ({ ctx, body }) => getVersions(ctx, body.id));
  registerEndpoint(app, abtest.saveVersion, ({ ctx, body }) => saveVersion(ctx, body));
  registerEndpoint(app, abtest.activateTest, ({ ctx, body }) => activateTest(ctx, body));
  registerEndpoint(app, abtest.activateVersion, ({ ctx, body }) => activateVersion(ctx, body));
  registerEndpoint(app, abtest.applyRollout, ({ ctx, body }) => applyRollout(ctx, body));
  registerEndpoint(app, abtest.impact, ({ ctx, body }) => previewImpact(ctx, body));
  registerEndpoint(app, abtest.delete, ({ ctx, body }) => deleteAbTestById(ctx, body.id));
}
