import {
  transferPreviewRequestSchema,
  transferPreviewResponseSchema,
  transferRequestSchema,
  transferResultSchema,
} from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { postRoute } from '../../http/route.ts';
import { createTransferService } from './transfer.service.ts';

// spec §7: ?configuration= carries the source for transfer calls; the body's from/to are the truth.
export async function transferRoutes(app: FastifyInstance) {
  const service = createTransferService();

  postRoute(app, {
    url: '/api/configuration/transfer/preview',
    summary:
      'Preview copying one environment into another: per group, each item with its operation ' +
      '(create, update, delete, unchanged), and a previewToken to send to the transfer',
    tags: ['transfer'],
    body: transferPreviewRequestSchema,
    response: transferPreviewResponseSchema,
    handler: ({ db, body }) => service.preview(db, body),
  });

  postRoute(app, {
    url: '/api/configuration/transfer',
    summary:
      'Copy one environment into another in one transaction (overwrite: the destination becomes equal ' +
      "to the source; merge: destination-only items are kept). 409 'Environment changed since preview' " +
      'when either environment changed after the preview whose previewToken is sent',
    tags: ['transfer'],
    body: transferRequestSchema,
    response: transferResultSchema,
    handler: ({ db, body, email }) => service.transfer(db, body, email),
  });
}
