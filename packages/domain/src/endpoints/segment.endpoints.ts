import {
  saveSegmentRequestSchema,
  saveSegmentResponseSchema,
  validateConditionRequestSchema,
  validateConditionResponseSchema,
} from '../abtest/abtest.schemas.ts';
import { segmentPropertyListResponseSchema } from '../abtest/segment.ts';
import { defineEndpoints } from '../api/endpoint.ts';

// The segment calls of the A/B-test editor.
export const segmentEndpoints = defineEndpoints('segment', {
  propertyList: {
    path: '/api/segment/property/list',
    access: 'read',
    summary: 'Segment property names to ids (UnSupported left out)',
    response: segmentPropertyListResponseSchema,
  },
  validateCondition: {
    path: '/api/segment/validate/condition',
    access: 'read',
    summary: 'Fault mask of one condition: 0 valid, 1 property, 2 operation, 4 value, 8 format',
    body: validateConditionRequestSchema,
    response: validateConditionResponseSchema,
  },
  save: {
    path: '/api/segment/save',
    access: 'change',
    summary: "Save an inactive A/B-test's segment when every condition is valid; one mask per condition",
    body: saveSegmentRequestSchema,
    response: saveSegmentResponseSchema,
  },
});
