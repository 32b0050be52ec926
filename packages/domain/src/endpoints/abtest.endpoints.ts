import {
  abTestIdRequestSchema,
  abTestListRequestSchema,
  abTestListResponseSchema,
  abTestSchema,
  abTestVersionSchema,
  abTestVersionsResponseSchema,
  activateTestRequestSchema,
  activateVersionRequestSchema,
  applyRolloutRequestSchema,
  createAbTestRequestSchema,
  deleteAbTestResponseSchema,
  saveAbTestRequestSchema,
  saveCaseDescriptionsRequestSchema,
  saveDescriptionRequestSchema,
  saveVersionRequestSchema,
} from '../abtest/abtest.schemas.ts';
import { defineEndpoints } from '../api/endpoint.ts';

// spec (live-ops-content §7): the A/B-test calls.
export const abTestEndpoints = defineEndpoints('abtest', {
  list: {
    path: '/api/abtest/list',
    summary: 'All A/B-tests of the environment, by id; {offset, limit} answers one page of them',
    body: abTestListRequestSchema,
    response: abTestListResponseSchema,
  },
  listUsage: {
    path: '/api/abtest/list/usage',
    summary:
      'The A/B-tests a plugin (active set or draft) uses, by id, each with usedBy; {offset, limit} pages',
    body: abTestListRequestSchema,
    response: abTestListResponseSchema,
  },
  listRecent: {
    path: '/api/abtest/list/recent',
    summary: 'The 10 most recently modified A/B-tests, newest first',
    response: abTestListResponseSchema,
  },
  get: {
    path: '/api/abtest/get',
    summary: 'One A/B-test with its versions and usage',
    body: abTestIdRequestSchema,
    response: abTestSchema,
  },
  create: {
    path: '/api/abtest/create',
    summary: 'Create an A/B-test (no version yet)',
    body: createAbTestRequestSchema,
    response: abTestSchema,
  },
  save: {
    path: '/api/abtest/save',
    summary: 'Save description, case descriptions and segment of an A/B-test',
    body: saveAbTestRequestSchema,
    response: abTestSchema,
  },
  saveDescription: {
    path: '/api/abtest/save/description',
    summary: "Save an A/B-test's description",
    body: saveDescriptionRequestSchema,
    response: abTestSchema,
  },
  saveCaseDescriptions: {
    path: '/api/abtest/save/case-descriptions',
    summary: "Save an A/B-test's case descriptions",
    body: saveCaseDescriptionsRequestSchema,
    response: abTestSchema,
  },
  versions: {
    path: '/api/abtest/versions/get',
    summary: "An A/B-test's versions, newest first",
    body: abTestIdRequestSchema,
    response: abTestVersionsResponseSchema,
  },
  saveVersion: {
    path: '/api/abtest/versions/save',
    summary: 'Save a new (inactive) version with case weights totalling 1,000,000',
    body: saveVersionRequestSchema,
    response: abTestVersionSchema,
  },
  activateTest: {
    path: '/api/abtest/activate/test',
    summary: 'Activate an A/B-test (active: false is refused once active)',
    body: activateTestRequestSchema,
    response: abTestSchema,
  },
  activateVersion: {
    path: '/api/abtest/activate/version',
    summary: 'Activate a version newer than the current one',
    body: activateVersionRequestSchema,
    response: abTestSchema,
  },
  applyRollout: {
    path: '/api/abtest/rollout/apply',
    summary: 'Rollout: save [100 - treatment, treatment] % as a version and activate it, in one transaction',
    body: applyRolloutRequestSchema,
    response: abTestSchema,
  },
  delete: {
    path: '/api/abtest/delete',
    summary: 'Delete an A/B-test no plugin uses and that is not active',
    body: abTestIdRequestSchema,
    response: deleteAbTestResponseSchema,
  },
});
