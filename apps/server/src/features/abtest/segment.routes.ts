import {
  saveSegmentRequestSchema,
  saveSegmentResponseSchema,
  segmentPropertyListResponseSchema,
  validateConditionRequestSchema,
  validateConditionResponseSchema,
} from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { postRoute } from '../../http/route.ts';
import { checkCondition, listSegmentProperties, saveSegment } from './segment.service.ts';

const tags = ['Segments'];

export async function segmentRoutes(app: FastifyInstance) {
  postRoute(app, {
    url: '/api/segment/property/list',
    summary: 'Segment property names to ids (UnSupported left out)',
    tags,
    response: segmentPropertyListResponseSchema,
    handler: () => listSegmentProperties(),
  });

  postRoute(app, {
    url: '/api/segment/validate/condition',
    summary: 'Fault mask of one condition: 0 valid, 1 property, 2 operation, 4 value, 8 format',
    tags,
    body: validateConditionRequestSchema,
    response: validateConditionResponseSchema,
    handler: ({ body }) => checkCondition(body.condition),
  });

  postRoute(app, {
    url: '/api/segment/save',
    summary: "Save an inactive A/B-test's segment when every condition is valid; one mask per condition",
    tags,
    body: saveSegmentRequestSchema,
    response: saveSegmentResponseSchema,
    handler: ({ db, environmentId, body, email }) => saveSegment(db, environmentId, body, email),
  });
}
