import { runtimeEndpoints } from '@console/domain/runtime';
import type { FastifyInstance } from 'fastify';
import { createEventIngestion } from '../experiment/experiment.public.ts';
import { runtimeContextOf } from './runtime-auth.ts';
import { registerRuntimeCall } from './runtime-call.ts';

/** POST /runtime/v1/events: exposures and metric events for A/B-test results, with a runtime key. */
export function registerEventsCall(app: FastifyInstance): void {
  const ingestion = createEventIngestion(app.db, {
    perSecondPerKey: app.settings.runtimeEventsPerSecondPerKey,
  });
  app.addHook('onReady', async () => {
    await ingestion.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'event retention sweep'));
  });
  app.addHook('onClose', async () => ingestion.close());
  registerRuntimeCall(app, runtimeEndpoints.events, ({ key, body }) =>
    ingestion.ingest(runtimeContextOf(app.unitOfWork, key), body),
  );
}
