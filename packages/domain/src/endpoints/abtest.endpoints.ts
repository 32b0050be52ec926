import {
  abTestIdRequestSchema,
  abTestImpactRequestSchema,
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
import { splitChangeImpactSchema } from '../runtime/impact.ts';
import {
  abTestPickerRequestSchema,
  abTestPickerResponseSchema,
  abTestSearchRequestSchema,
  abTestSearchResponseSchema,
} from '../search/abtest-search.ts';

// The A/B-test calls.
export const abTestEndpoints = defineEndpoints('abtest', {
  list: {
    path: '/api/abtest/list',
    access: 'read',
    summary: 'All A/B-tests of the environment, by id; {offset, limit} answers one page of them',
    body: abTestListRequestSchema,
    response: abTestListResponseSchema,
  },
  listUsage: {
    path: '/api/abtest/list/usage',
    access: 'read',
    summary:
      'The A/B-tests a plugin (active set or draft) uses, by id, each with usedBy; {offset, limit} pages',
    body: abTestListRequestSchema,
    response: abTestListResponseSchema,
  },
  search: {
    path: '/api/abtest/search',
    access: 'read',
    summary:
      'A page of the A/B-tests: free text q over id and description, filters (active, type, inUse, usedByPlugin), sort, and the cursor of the next page',
    body: abTestSearchRequestSchema,
    response: abTestSearchResponseSchema,
  },
  searchPicker: {
    path: '/api/abtest/search/picker',
    access: 'read',
    summary: 'The "Add AB-test" picker: a page of id, active, version and description, by id, searched by q',
    body: abTestPickerRequestSchema,
    response: abTestPickerResponseSchema,
  },
  listRecent: {
    path: '/api/abtest/list/recent',
    access: 'read',
    summary: 'The 10 most recently modified A/B-tests, newest first',
    response: abTestListResponseSchema,
  },
  get: {
    path: '/api/abtest/get',
    access: 'read',
    summary: 'One A/B-test with its versions and usage',
    body: abTestIdRequestSchema,
    response: abTestSchema,
  },
  create: {
    path: '/api/abtest/create',
    access: 'change',
    summary: 'Create an A/B-test (no version yet)',
    body: createAbTestRequestSchema,
    response: abTestSchema,
  },
  save: {
    path: '/api/abtest/save',
    access: 'change',
    summary: 'Save description, case descriptions and segment of an A/B-test',
    body: saveAbTestRequestSchema,
    response: abTestSchema,
  },
  saveDescription: {
    path: '/api/abtest/save/description',
    access: 'change',
    summary: "Save an A/B-test's description",
    body: saveDescriptionRequestSchema,
    response: abTestSchema,
  },
  saveCaseDescriptions: {
    path: '/api/abtest/save/case-descriptions',
    access: 'change',
    summary: "Save an A/B-test's case descriptions",
    body: saveCaseDescriptionsRequestSchema,
    response: abTestSchema,
  },
  versions: {
    path: '/api/abtest/versions/get',
    access: 'read',
    summary: "An A/B-test's versions, newest first",
    body: abTestIdRequestSchema,
    response: abTestVersionsResponseSchema,
  },
  saveVersion: {
    path: '/api/abtest/versions/save',
    access: 'change',
    summary: 'Save a new (inactive) version with case weights totalling 1,000,000',
    body: saveVersionRequestSchema,
    response: abTestVersionSchema,
  },
  activateTest: {
    path: '/api/abtest/activate/test',
    access: 'change',
    summary: 'Activate an A/B-test (active: false is refused once active)',
    body: activateTestRequestSchema,
    response: abTestSchema,
  },
  activateVersion: {
    path: '/api/abtest/activate/version',
    access: 'change',
    summary: 'Activate a version newer than the current one',
    body: activateVersionRequestSchema,
    response: abTestSchema,
  },
  applyRollout: {
    path: '/api/abtest/rollout/apply',
    access: 'change',
    summary: 'Rollout: save [100 - treatment, treatment] % as a version and activate it, in one transaction',
    body: applyRolloutRequestSchema,
    response: abTestSchema,
  },
  impact: {
    path: '/api/abtest/impact',
    access: 'read',
    summary:
      'The players a version activation or a rollout apply would move, as exact shares of the bucket space; none for an inactive A/B-test (unaffected: abtest-inactive), which serves no player',
    body: abTestImpactRequestSchema,
    response: splitChangeImpactSchema,
  },
  delete: {
    path: '/api/abtest/delete',
    access: 'change',
    summary: 'Delete an A/B-test no plugin uses and that is not active',
    body: abTestIdRequestSchema,
    response: deleteAbTestResponseSchema,
  },
});
