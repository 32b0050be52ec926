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
  registerEndpoint(app, api.transfer.preview, ({ db, body }) => service.preview(db, body));
  registerEndpoint(app, api.transfer.transfer, ({ db, body, email }) => service.transfer(db, body, email));
  registerEndpoint(app, api.transfer.export, ({ db, environmentId }) =>
    files.exportEnvironment(db, environmentId),
  );
  registerEndpoint(app, api.transfer.importPreview, ({ db, body }) => files.previewImport(db, body));
  registerEndpoint(app, api.transfer.import, ({ db, body, email }) => files.importFile(db, body, email));
}
