import { defineEndpoints } from '../api/endpoint.ts';
import {
  republishResponseSchema,
  resumeResponseSchema,
  revisionListRequestSchema,
  revisionListResponseSchema,
  revisionRequestSchema,
  runtimeRevisionSchema,
} from '../runtime/revision.schemas.ts';

// Issue 13: the operators' calls on the environment's published runtime revisions.
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
});
