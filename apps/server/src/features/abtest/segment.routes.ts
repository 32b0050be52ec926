import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { checkCondition, listSegmentProperties, saveSegment } from './segment.service.ts';

// The handlers of the segment calls declared in packages/domain/src/endpoints/segment.endpoints.ts.
export async function segmentRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.segment.propertyList, () => listSegmentProperties());
  registerEndpoint(app, api.segment.validateCondition, ({ body }) => checkCondition(body.condition));
  registerEndpoint(app, api.segment.save, ({ ctx, body }) => saveSegment(ctx, body));
}
