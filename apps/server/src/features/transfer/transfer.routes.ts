import { api } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { createTransferService } from './transfer.service.ts';
import type { TransferGroup } from './transfer-group.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The groups the environment transfer copies, in preview order (BuildAppOptions.transferGroups). */
    transferGroups: readonly TransferGroup[];
  }
}

// ?configuration= carries the source for transfer calls; the body's from/to are the truth.
export async function transferRoutes(app: FastifyInstance) {
  const service = createTransferService(app.transferGroups);
  registerEndpoint(app, api.transfer.preview, ({ db, body }) => service.preview(db, body));
  registerEndpoint(app, api.transfer.transfer, ({ db, body, email }) => service.transfer(db, body, email));
}
