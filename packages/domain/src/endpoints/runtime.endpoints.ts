import { defineEndpoints } from '../api/endpoint.ts';
import {
  environmentCompareRequestSchema,
  environmentCompareResponseSchema,
  republishResponseSchema,
  resumeResponseSchema,
  revisionDiffRequestSchema,
  revisionDiffResponseSchema,
  revisionListRequestSchema,
  revisionListResponseSchema,
  revisionRequestSchema,
  runtimeRevisionSchema,
} from '../runtime/revision.schemas.ts';

// The operators' calls on the environment's published runtime revisions.
export const runtimeEndpoints = defineEndpoints('runtime', {
  listRevisions: {
    path: '/api/runtime/revision/list',
    summary:
      'Published revisions of the runtime snapshot, newest first ({offset, limit}), with the pin of a ' +
      'rollback and the number of audited changes waiting for resume',
    body: revisionListRequestSchema,
    response: revisionListResponseSchema,
    access: 'read',
  },
  getRevision: {
    path: '/api/runtime/revision/get',
    summary: 'One published revision with its whole snapshot',
    body: revisionRequestSchema,
    response: runtimeRevisionSchema,
    access: 'read',
  },
  republish: {
    path: '/api/runtime/revision/republish',
    summary:
      "Rollback: publish an earlier revision's content as a new revision and pin the runtime to it; " +
      'changes made while pinned are saved and audited but not published until resume',
    body: revisionRequestSchema,
    response: republishResponseSchema,
    access: 'change',
  },
  resume: {
    path: '/api/runtime/revision/resume',
    summary: "Lift the pin of a rollback and publish the console's current state",
    response: resumeResponseSchema,
    access: 'change',
  },
  diffRevisions: {
    path: '/api/runtime/revision/diff',
    summary:
      'What changes from revision `from` to revision `to`, grouped by plugin, as text, and per ' +
      'A/B-test whose split changed the players it moves',
    body: revisionDiffRequestSchema,
    response: revisionDiffResponseSchema,
    access: 'read',
  },
  compare: {
    path: '/api/runtime/compare',
    summary:
      "What changes from this environment's current revision to another environment's " +
      '(`other`), grouped by plugin, as text, with the players each changed split moves',
    body: environmentCompareRequestSchema,
    response: environmentCompareResponseSchema,
    access: 'read',
    // read rights in the other environment too (this one's are checked by reading it at all: every
    // signed-in user reads every environment today, but the declaration says where the right counts)
    accessEnvironmentField: 'other',
  },
});
