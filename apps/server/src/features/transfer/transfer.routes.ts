import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { createEnvironmentFileService } from './environment-file.service.ts';
import { createTransferService } from './transfer.service.ts';
import type { TransferGroup } from './transfer-group.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The groups the environment transfer copies, in preview order (BuildAppOptions.transferGroups). */
    transferGroups: readonly TransferGroup[];
  }
}

// ?configuration= carries the source for transfer calls; the body's from/to are the truth.
// An import's source is the file in its body; its destination is `to`, like a transfer's.
export async function transferRoutes(app: FastifyInstance) {
  const service = createTransferService(app.transferGroups);
  const files = createEnvironmentFileService(app.transferGroups, service);
  registerEndpoint(app, api.transfer.preview, ({ ctx, body }) => service.preview(ctx, body));
  registerEndpoint(app, api.transfer.transfer, ({ ctx, body }) => service.transfer(ctx, body));
  registerEndpoint(app, api.transfer.export, ({ ctx }) => files.exportEnvironment(ctx));
  registerEndpoint(app, api.transfer.importPreview, ({ ctx, body }) => files.previewImport(ctx, body));
  registerEndpoint(app, api.transfer.import, ({ ctx, body }) => files.importFile(ctx, body));
}
