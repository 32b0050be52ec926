import { api } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { createTransferService } from './transfer.service.ts';

// spec §7: ?configuration= carries the source for transfer calls; the body's from/to are the truth.
export async function transferRoutes(app: FastifyInstance) {
  const service = createTransferService();
  registerEndpoint(app, api.transfer.preview, ({ db, body }) => service.preview(db, body));
  registerEndpoint(app, api.transfer.transfer, ({ db, body, email }) => service.transfer(db, body, email));
}
