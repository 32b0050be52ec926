import {
  abTestIdRequestSchema,
  abTestListResponseSchema,
  abTestSchema,
  abTestVersionSchema,
  abTestVersionsResponseSchema,
  activateTestRequestSchema,
  activateVersionRequestSchema,
  applyRolloutRequestSchema,
  createAbTestRequestSchema,
  saveAbTestRequestSchema,
  saveCaseDescriptionsRequestSchema,
  saveDescriptionRequestSchema,
  saveVersionRequestSchema,
} from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postRoute } from '../../http/route.ts';
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
import { activateVersion, applyRollout, getVersions, saveVersion } from './abtest-versions.service.ts';

const deleteAbTestResponseSchema = z.object({ id: z.string() });
const tags = ['A/B-tests'];

export async function abTestRoutes(app: FastifyInstance) {
  postRoute(app, {
    url: '/api/abtest/list',
    summary: 'All A/B-tests of the environment, by id',
    tags,
    response: abTestListResponseSchema,
    handler: ({ db, environmentId }) => listAll(db, environmentId),
  });

  postRoute(app, {
    url: '/api/abtest/list/usage',
    summary: 'The A/B-tests a plugin (active set or draft) uses, by id, each with usedBy',
    tags,
    response: abTestListResponseSchema,
    handler: ({ db, environmentId }) => listUsed(db, environmentId),
  });

  postRoute(app, {
    url: '/api/abtest/list/recent',
    summary: 'The 10 most recently modified A/B-tests, newest first',
    tags,
    response: abTestListResponseSchema,
    handler: ({ db, environmentId }) => listRecent(db, environmentId),
  });

  postRoute(app, {
    url: '/api/abtest/get',
    summary: 'One A/B-test with its versions and usage',
    tags,
    body: abTestIdRequestSchema,
    response: abTestSchema,
    handler: ({ db, environmentId, body }) => getAbTest(db, environmentId, body.id),
  });

  postRoute(app, {
    url: '/api/abtest/create',
    summary: 'Create an A/B-test (no version yet)',
    tags,
    body: createAbTestRequestSchema,
    response: abTestSchema,
    handler: ({ db, environmentId, body, email }) => createAbTest(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/abtest/save',
    summary: 'Save description, case descriptions and segment of an A/B-test',
    tags,
    body: saveAbTestRequestSchema,
    response: abTestSchema,
    handler: ({ db, environmentId, body, email }) => saveAbTest(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/abtest/save/description',
    summary: "Save an A/B-test's description",
    tags,
    body: saveDescriptionRequestSchema,
    response: abTestSchema,
    handler: ({ db, environmentId, body, email }) => saveDescription(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/abtest/save/case-descriptions',
    summary: "Save an A/B-test's case descriptions",
    tags,
    body: saveCaseDescriptionsRequestSchema,
    response: abTestSchema,
    handler: ({ db, environmentId, body, email }) => saveCaseDescriptions(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/abtest/versions/get',
    summary: "An A/B-test's versions, newest first",
    tags,
    body: abTestIdRequestSchema,
    response: abTestVersionsResponseSchema,
    handler: ({ db, environmentId, body }) => getVersions(db, environmentId, body.id),
  });

  postRoute(app, {
    url: '/api/abtest/versions/save',
    summary: 'Save a new (inactive) version with case weights totalling 1,000,000',
    tags,
    body: saveVersionRequestSchema,
    response: abTestVersionSchema,
    handler: ({ db, environmentId, body, email }) => saveVersion(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/abtest/activate/test',
    summary: 'Activate an A/B-test (active: false is refused once active)',
    tags,
    body: activateTestRequestSchema,
    response: abTestSchema,
    handler: ({ db, environmentId, body, email }) => activateTest(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/abtest/activate/version',
    summary: 'Activate a version newer than the current one',
    tags,
    body: activateVersionRequestSchema,
    response: abTestSchema,
    handler: ({ db, environmentId, body, email }) => activateVersion(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/abtest/rollout/apply',
    summary: 'Rollout: save [100 - treatment, treatment] % as a version and activate it, in one transaction',
    tags,
    body: applyRolloutRequestSchema,
    response: abTestSchema,
    handler: ({ db, environmentId, body, email }) => applyRollout(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/abtest/delete',
    summary: 'Delete an A/B-test no plugin uses and that is not active',
    tags,
    body: abTestIdRequestSchema,
    response: deleteAbTestResponseSchema,
    handler: ({ db, environmentId, body, email }) => deleteAbTestById(db, environmentId, body.id, email),
  });
}
