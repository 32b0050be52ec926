import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { previewPlayer } from './preview.service.ts';

export async function runtimePreviewRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.runtimePreview.preview, ({ ctx, body }) => previewPlayer(ctx, body));
}
