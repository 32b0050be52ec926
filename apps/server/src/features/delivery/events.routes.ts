import { runtimeEndpoints } from '@console/domain/runtime';
import type { FastifyInstance } from 'fastify';
import { registerRuntimeCall } from '../../http/runtime-call.ts';
import { createEventIngestion } from '../experiment/experiment.public.ts';

/** POST /runtime/v1/events: exposures and metric events for A/B-test results, with a runtime key. */
export function registerEventsCall(app: FastifyInstance): void {
  const ingestion = createEventIngestion(app.db, {
    perSecondPerKey: app.settings.runtimeEventsPerSecondPerKey,
  });
  app.addHook('onReady', async () => {
    await ingestion.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'event retention sweep'));
  });
  app.addHook('onClose', async () => ingestion.close());
  registerRuntimeCall(app, runtimeEndpoints.events, ({ ctx, body }) => ingestion.ingest(ctx, body));
}
