import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { activateDraft } from './plugin-activation.service.ts';
import { getPluginDetails, setPluginDescription } from './plugin-details.service.ts';
import { saveDraft } from './plugin-draft.service.ts';
import { previewDraftImpact } from './plugin-impact.service.ts';
import { checkUsage } from './plugin-usage.service.ts';

// Plugin details calls.
export async function pluginDetailsRoutes(app: FastifyInstance) {
  const { plugin } = api;
  registerEndpoint(app, plugin.get, ({ db, environmentId, body }) =>
    getPluginDetails(db, environmentId, body.pluginId),
  );
  registerEndpoint(app, plugin.setDescription, ({ db, environmentId, body, email }) =>
    setPluginDescription(db, environmentId, body, email),
  );
  registerEndpoint(app, plugin.saveDraft, ({ db, environmentId, body, email }) =>
    saveDraft(db, environmentId, body, email),
  );
  registerEndpoint(app, plugin.activateDraft, ({ db, environmentId, body, email }) =>
    activateDraft(db, environmentId, body, email),
  );
  registerEndpoint(app, plugin.draftImpact, ({ db, environmentId, body }) =>
    previewDraftImpact(db, environmentId, body.pluginId),
  );
  registerEndpoint(app, plugin.abTestUsage, ({ db, environmentId, body }) =>
    checkUsage(db, environmentId, body),
  );
}
